"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState, type FormEvent } from "react";
import { useApiMessages } from "@/components/account/api-messages";
import { LocalDate, LocalDateTime } from "@/components/account/local-time";
import { useSecurityEventWords } from "@/components/account/security/security-event-words";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { ConfirmDialog, useConfirmation } from "@/components/ui/confirm-dialog";
import { Form } from "@/components/ui/form";
import { FormProblem } from "@/components/ui/form-problem";
import { Actions, Card, CardList, Fact, Facts, Meta, QueryStates, Row, RowList, Section } from "@/components/ui/section";
import { portalConfirmHref } from "@/lib/portal-auth/paths";
import { formatPhoneNumber, type PhoneCountry } from "@/lib/contacts/phone-number";
import type { AdminUserDetail, AdminUserSession } from "@/lib/users/staff-schemas";
import styles from "./admin.module.css";
import { PersonBadges, useFullName, useRoleWords } from "./people-list";
import { ChurchLifeSections, HouseholdSection, MembershipSection } from "./person-church-life";
import { personRefusal, rolesRefusal, type PersonRefusal, type PersonRefusalWords } from "./person-refusal";
import own from "./people.module.css";
import { useEndPersonSessions, usePerson, usePersonSecurityEvents, usePersonSessions, useRoles, useSetPersonEnabled, useSetPersonRoles } from "./people-queries";

export interface PersonProfileProps {
  id: string;
  /** The staff member's own account: they manage it on their own account pages, not here. */
  selfId: string;
  /** users:write: disable, enable, end all sessions. */
  canWrite: boolean;
  /** roles:write (administrators): the role form. */
  canAssignRoles: boolean;
  /** The church's country, in which phone numbers are written as people there write them. */
  country: PhoneCountry;
}

/** The words for the API's refusals of a change to this account (AdminPeople.refusals), in the page's language. */
function usePersonRefusalWords(): PersonRefusalWords {
  const people = useTranslations("AdminPeople");
  const locale = useLocale();
  const api = useApiMessages();
  return useMemo(() => ({ t: (key, values) => people(key, values), locale, api }), [people, locale, api]);
}

/** The field's own sentence of a refusal under the roles: the API's words in English, a sentence of the page's own otherwise. */
function useRolesFieldSentence(): (apiWords: string) => string {
  const locale = useLocale();
  const apiWords = useTranslations("ApiMessages");
  return (words) => (locale === "en" ? words.replace(/^./, (first) => first.toUpperCase()) : apiWords("checkField"));
}

/**
 * One member's profile for the office (users:read): the account, the household (families:read) and the
 * register record (membership:read) when the staff member may read them, the roles (assigned here by an
 * administrator), where the member is signed in, and the security log. Disabling, enabling and ending every
 * session are confirmed first; the API checks every permission again.
 */
export function PersonProfile(props: PersonProfileProps) {
  const t = useTranslations("AdminPeople.profile");
  const fullName = useFullName();
  const person = usePerson(props.id);
  const detail = person.data;
  return (
    <>
      {/* The page's one h1 in every state: the member's name once known. */}
      <h1>
        {detail ? (
          <>
            {fullName(detail)} <PersonBadges person={detail} />
          </>
        ) : (
          t("title")
        )}
      </h1>
      <QueryStates query={person} loading={t("loading")} failure={t("failure")}>
        {(loaded) => <Profile detail={loaded} {...props} />}
      </QueryStates>
    </>
  );
}

function Profile({ detail, selfId, canWrite, canAssignRoles, country }: { detail: AdminUserDetail } & PersonProfileProps) {
  const t = useTranslations("AdminPeople.profile");
  const name = useFullName()(detail);
  const self = detail.id.toLowerCase() === selfId.toLowerCase();
  return (
    <>
      {self ? (
        <div className="notice">
          <p>{t.rich("ownAccount", { link: (chunks) => <Link href="/account/security">{chunks}</Link> })}</p>
        </div>
      ) : null}
      <AccountSection detail={detail} name={name} canWrite={canWrite && !self} country={country} />
      <HouseholdSection detail={detail} />
      {/* For a child, who may collect them comes straight after the household: it is what the office is asked at pickup. */}
      <ChurchLifeSections detail={detail} name={name} country={country} />
      <MembershipSection detail={detail} />
      <RolesSection detail={detail} name={name} canAssignRoles={canAssignRoles} />
      <SessionsSection id={detail.id} name={name} canEnd={canWrite && !self && detail.disabled_at === null} />
      <SecurityLogSection id={detail.id} />
    </>
  );
}

function AccountSection({ detail, name, canWrite, country }: { detail: AdminUserDetail; name: string; canWrite: boolean; country: PhoneCountry }) {
  const t = useTranslations("AdminPeople.profile");
  const shared = useTranslations("AdminPeople.shared");
  const refusalWords = usePersonRefusalWords();
  const change = useSetPersonEnabled();
  const confirmation = useConfirmation<"disable" | "enable">();
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState<PersonRefusal | null>(null);
  const disabled = detail.disabled_at !== null;

  function confirm() {
    const asked = confirmation.subject;
    if (!asked || change.isPending) return;
    setAnnouncement("");
    setFailure(null);
    change.mutate(
      { id: detail.id, enabled: asked === "enable" },
      {
        onSuccess: () => {
          confirmation.close();
          setAnnouncement(asked === "enable" ? t("enabled", { name }) : t("disabledEverywhere", { name }));
        },
        onError: (error) => {
          confirmation.close();
          setFailure(personRefusal(refusalWords, asked, name, error));
        },
      },
    );
  }

  return (
    <Section id="person-account-title" title={t("account")} status={announcement} alert={failure?.message ?? ""}>
      <SignInAgain refusal={failure} />
      {/* The address on a line of its own: in a column of the facts it broke mid-word on a phone. */}
      <Meta>
        {detail.email ? (
          <>
            <span className={styles.breakAnywhere}>{detail.email}</span> · {detail.email_verified ? t("emailConfirmed") : t("emailNotConfirmed")}
          </>
        ) : (
          t("noEmail")
        )}
      </Meta>
      <Facts>
        <Fact term={t("phone")}>{detail.phone_number ? formatPhoneNumber(detail.phone_number, country) : shared("noneVerified")}</Fact>
        <Fact term={shared("twoStep")}>{detail.mfa_enabled ? t("on") : t("off")}</Fact>
        <Fact term={t("status")}>{detail.disabled_at ? t.rich("disabledSince", { time: () => <LocalDateTime iso={detail.disabled_at!} /> }) : t("active")}</Fact>
        <Fact term={t("accountSince")}>
          <LocalDate iso={detail.created_at} />
        </Fact>
      </Facts>
      {canWrite ? (
        <Actions divided>
          {/* One button whose words change, so focus comes back to it after the confirmation. */}
          <button type="button" className={disabled ? "button" : "button button--danger"} onClick={() => confirmation.ask(disabled ? "enable" : "disable")}>
            {disabled ? t("enable") : t("disable")}
          </button>
        </Actions>
      ) : null}
      <ConfirmDialog
        {...confirmation.dialog}
        title={confirmation.subject === "enable" ? t("enableTitle", { name }) : t("disableTitle", { name })}
        confirmLabel={confirmation.subject === "enable" ? t("enable") : t("disable")}
        busy={change.isPending}
        onConfirm={confirm}
      >
        <p>{confirmation.subject === "enable" ? t("enableText", { name }) : t("disableText", { name })}</p>
      </ConfirmDialog>
    </Section>
  );
}

/**
 * "Sign in again" after a refusal that a fresh sign-in answers ("Confirm it's you", then back to this page,
 * where the change is made once more: what was asked is not kept, as on the member's own pages).
 */
function SignInAgain({ refusal }: { refusal: PersonRefusal | null }) {
  const t = useTranslations("AdminPeople.profile");
  const here = usePathname();
  if (!refusal?.signInAgain) return null;
  return (
    <div className={own.signInAgain}>
      <Actions>
        <a className="button button--primary" href={portalConfirmHref(here)}>
          {t("signInAgain")}
        </a>
      </Actions>
    </div>
  );
}

/** Roles: listed to every staff member; an administrator (roles:write) sets them with checkboxes. */
function RolesSection({ detail, name, canAssignRoles }: { detail: AdminUserDetail; name: string; canAssignRoles: boolean }) {
  const t = useTranslations("AdminPeople.profile");
  const roleWords = useRoleWords();
  // Kept here, outside the keyed form: saving changes the roles held, the profile is read again, and the
  // form starts afresh, which would wipe a message of its own (a fresh-clone run under load saw it gone).
  const [saved, setSaved] = useState("");
  return (
    <Section
      id="person-roles-title"
      title={t("roles")}
      description={canAssignRoles ? undefined : t("onlyAdministrator")}
      status={canAssignRoles ? saved : undefined}
    >
      {canAssignRoles ? (
        // Keyed by the roles held, so the form starts again from what the server has after any change.
        <RolesForm key={detail.roles.join(",")} detail={detail} name={name} onSaved={setSaved} />
      ) : (
        <p>
          {detail.roles.length > 0
            ? detail.roles.map((role) => (
                <span key={role} className="badge badge--muted">
                  {roleWords.name(role)}
                </span>
              ))
            : t("noRoles")}
        </p>
      )}
    </Section>
  );
}

function RolesForm({ detail, name, onSaved }: { detail: AdminUserDetail; name: string; onSaved: (message: string) => void }) {
  const t = useTranslations("AdminPeople.profile");
  const roleWords = useRoleWords();
  const refusalWords = usePersonRefusalWords();
  const fieldSentence = useRolesFieldSentence();
  const roles = useRoles(true);
  const save = useSetPersonRoles();
  const [chosen, setChosen] = useState(() => new Set(detail.roles));
  const [fieldError, setFieldError] = useState("");
  const [problem, setProblem] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setFieldError("");
    setProblem("");
    onSaved("");
    const assignable = new Set(roles.data?.items.filter((role) => role.assignable).map((role) => role.name));
    save.mutate(
      { id: detail.id, roles: [...chosen].filter((role) => assignable.has(role)).sort() },
      {
        onSuccess: (account) => onSaved(account.roles.length > 0 ? t("rolesSaved", { name, roles: account.roles.map(roleWords.name).join(", ") }) : t("rolesSavedNone", { name })),
        onError: (error) => {
          // A refusal about the roles goes under them; anything else above the form.
          if (/^roles\b/i.test(error.message)) setFieldError(fieldSentence(error.message.replace(/^roles(\.\d+)?:\s*/i, "")));
          else setProblem(rolesRefusal(refusalWords, name, error).message);
        },
      },
    );
  }

  return (
    <QueryStates query={roles} loading={t("loadingRoles")} failure={t("rolesFailure")}>
      {(page) => (
        <Form onSubmit={submit} submitLabel={t("saveRoles")} pendingLabel={t("saving")} pending={save.isPending} label={t("rolesOf", { name })}>
          <FormProblem message={problem} />
          <fieldset className={own.fieldset} aria-describedby={fieldError ? "person-roles-error" : undefined}>
            <legend className={own.legend}>{t("rolesHeld", { name })}</legend>
            <div className={own.roleChoices}>
              {page.items.map((role) =>
                role.assignable ? (
                  <CheckboxField
                    key={role.name}
                    label={roleWords.name(role.name)}
                    hint={roleWords.description(role)}
                    checked={chosen.has(role.name)}
                    aria-invalid={fieldError ? true : undefined}
                    onChange={(event) => {
                      const checked = event.target.checked;
                      setChosen((current) => {
                        const next = new Set(current);
                        if (checked) next.add(role.name);
                        else next.delete(role.name);
                        return next;
                      });
                      setFieldError("");
                    }}
                  />
                ) : detail.roles.includes(role.name) ? (
                  <CheckboxField key={role.name} label={roleWords.name(role.name)} hint={t("byGuardianships", { description: roleWords.description(role) })} checked disabled />
                ) : null,
              )}
            </div>
            {fieldError ? (
              <p id="person-roles-error" className={own.error}>
                {fieldError}
              </p>
            ) : null}
          </fieldset>
        </Form>
      )}
    </QueryStates>
  );
}

function SessionsSection({ id, name, canEnd }: { id: string; name: string; canEnd: boolean }) {
  const t = useTranslations("AdminPeople.profile");
  const refusalWords = usePersonRefusalWords();
  const sessionName = (session: AdminUserSession) => t("onDevice", { what: session.app ? session.app.name : session.browser, device: session.device });
  const sessions = usePersonSessions(id);
  const end = useEndPersonSessions();
  const confirmation = useConfirmation();
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState<PersonRefusal | null>(null);

  function confirm() {
    if (end.isPending) return;
    setAnnouncement("");
    setFailure(null);
    end.mutate(id, {
      onSuccess: ({ revoked }) => {
        confirmation.close();
        setAnnouncement(t("signedOut", { name, count: revoked }));
      },
      onError: (error) => {
        confirmation.close();
        setFailure(personRefusal(refusalWords, "signOut", name, error));
      },
    });
  }

  return (
    <Section id="person-sessions-title" title={t("sessions")} status={announcement} alert={failure?.message ?? ""}>
      <SignInAgain refusal={failure} />
      <QueryStates query={sessions} loading={t("loadingSessions")} failure={t("sessionsFailure")}>
        {({ sessions: list }) =>
          list.length === 0 ? (
            <p className="muted">{t("notSignedIn")}</p>
          ) : (
            <>
              <CardList>
                {list.map((session) => (
                  <Card key={session.id} as="li" title={sessionName(session)}>
                    <Facts>
                      <Fact term={t("signedIn")}>
                        <LocalDateTime iso={session.created_at} />
                      </Fact>
                      <Fact term={t("lastUsed")}>
                        <LocalDateTime iso={session.last_seen_at} />
                      </Fact>
                      <Fact term={t("ipAddress")}>{session.ip ?? t("notKnown")}</Fact>
                      <Fact term={t("endsUnlessUsed")}>
                        <LocalDateTime iso={session.idle_expires_at} />
                      </Fact>
                    </Facts>
                  </Card>
                ))}
              </CardList>
              {canEnd ? (
                <Actions>
                  <button type="button" className="button button--danger" onClick={() => confirmation.ask()}>
                    {t("endAll")}
                  </button>
                </Actions>
              ) : null}
            </>
          )
        }
      </QueryStates>
      <ConfirmDialog {...confirmation.dialog} title={t("endAllTitle", { name })} confirmLabel={t("endAll")} busy={end.isPending} onConfirm={confirm}>
        <p>{t("endAllText", { name })}</p>
      </ConfirmDialog>
    </Section>
  );
}

function SecurityLogSection({ id }: { id: string }) {
  const t = useTranslations("AdminPeople.profile");
  const locale = useLocale();
  const api = useApiMessages();
  const securityEventWords = useSecurityEventWords();
  const log = usePersonSecurityEvents(id);
  const events = log.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <Section id="person-log-title" title={t("securityActivity")} description={t("securityActivityDescription")}>
      <QueryStates query={log} loading={t("loadingActivity")} failure={t("activityFailure")} empty={() => events.length === 0 && t("noActivity")}>
        {() => (
          <>
            <RowList ordered label={t("activityLabel")}>
              {events.map((event) => (
                <Row key={event.id}>
                  <p>{securityEventWords(event.type, event.detail)}</p>
                  <Meta>
                    <LocalDateTime iso={event.created_at} /> · {t("onDevice", { what: event.browser, device: event.device })}
                    {event.ip ? <> · {t("ip", { ip: event.ip })}</> : null}
                  </Meta>
                </Row>
              ))}
            </RowList>
            {log.isFetchNextPageError ? (
              <p role="alert" className="notice notice--error">
                {t("olderFailed")} {locale === "en" || !log.error ? log.error?.message : api.reason(log.error)}
              </p>
            ) : null}
            {log.hasNextPage ? (
              <Actions>
                <button type="button" className="button" aria-disabled={log.isFetchingNextPage || undefined} onClick={() => !log.isFetchingNextPage && void log.fetchNextPage()}>
                  {log.isFetchingNextPage ? t("loadingShort") : t("showOlder")}
                </button>
              </Actions>
            ) : null}
          </>
        )}
      </QueryStates>
    </Section>
  );
}
