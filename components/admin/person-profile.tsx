"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState, type FormEvent } from "react";
import { LocalDate, LocalDateTime } from "@/components/account/local-time";
import { securityEventWords } from "@/components/account/security/security-event-words";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { ConfirmDialog, useConfirmation } from "@/components/ui/confirm-dialog";
import { Form } from "@/components/ui/form";
import { FormProblem } from "@/components/ui/form-problem";
import { Actions, Card, CardList, Fact, Facts, Meta, QueryStates, Row, RowList, Section } from "@/components/ui/section";
import { portalConfirmHref } from "@/lib/portal-auth/paths";
import { formatPhoneNumber, type PhoneCountry } from "@/lib/contacts/phone-number";
import type { AdminUserDetail, AdminUserSession } from "@/lib/users/staff-schemas";
import styles from "./admin.module.css";
import { PersonBadges, fullName } from "./people-list";
import { ChurchLifeSections, HouseholdSection, MembershipSection } from "./person-church-life";
import { personRefusal, rolesRefusal, type PersonRefusal } from "./person-refusal";
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

/**
 * One member's profile for the office (users:read): the account, the household (families:read) and the
 * register record (membership:read) when the staff member may read them, the roles (assigned here by an
 * administrator), where the member is signed in, and the security log. Disabling, enabling and ending every
 * session are confirmed first; the API checks every permission again.
 */
export function PersonProfile(props: PersonProfileProps) {
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
          "Member profile"
        )}
      </h1>
      <QueryStates query={person} loading="Loading the member…" failure="We couldn’t load this member">
        {(loaded) => <Profile detail={loaded} {...props} />}
      </QueryStates>
    </>
  );
}

function Profile({ detail, selfId, canWrite, canAssignRoles, country }: { detail: AdminUserDetail } & PersonProfileProps) {
  const name = fullName(detail);
  const self = detail.id.toLowerCase() === selfId.toLowerCase();
  return (
    <>
      {self ? (
        <div className="notice">
          <p>
            This is your own account. You sign yourself out and change your sign-in on <Link href="/account/security">your security page</Link>.
          </p>
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
          setAnnouncement(asked === "enable" ? `${name} may sign in again.` : `${name}’s account is disabled and signed out everywhere.`);
        },
        onError: (error) => {
          confirmation.close();
          setFailure(personRefusal(asked === "enable" ? `enable ${name}’s account` : `disable ${name}’s account`, name, error));
        },
      },
    );
  }

  return (
    <Section id="person-account-title" title="Account" status={announcement} alert={failure?.message ?? ""}>
      <SignInAgain refusal={failure} />
      {/* The address on a line of its own: in a column of the facts it broke mid-word on a phone. */}
      <Meta>
        {detail.email ? (
          <>
            <span className={styles.breakAnywhere}>{detail.email}</span> · {detail.email_verified ? "email confirmed" : "email not confirmed"}
          </>
        ) : (
          "No sign-in of their own (no email address)"
        )}
      </Meta>
      <Facts>
        <Fact term="Phone">{detail.phone_number ? formatPhoneNumber(detail.phone_number, country) : "None verified"}</Fact>
        <Fact term="Two-step sign-in">{detail.mfa_enabled ? "On" : "Off"}</Fact>
        <Fact term="Status">
          {detail.disabled_at ? (
            <>
              Disabled since <LocalDateTime iso={detail.disabled_at} />
            </>
          ) : (
            "Active"
          )}
        </Fact>
        <Fact term="Account since">
          <LocalDate iso={detail.created_at} />
        </Fact>
      </Facts>
      {canWrite ? (
        <Actions divided>
          {/* One button whose words change, so focus comes back to it after the confirmation. */}
          <button type="button" className={disabled ? "button" : "button button--danger"} onClick={() => confirmation.ask(disabled ? "enable" : "disable")}>
            {disabled ? "Enable account" : "Disable account"}
          </button>
        </Actions>
      ) : null}
      <ConfirmDialog
        {...confirmation.dialog}
        title={confirmation.subject === "enable" ? `Enable ${name}’s account?` : `Disable ${name}’s account?`}
        confirmLabel={confirmation.subject === "enable" ? "Enable account" : "Disable account"}
        busy={change.isPending}
        onConfirm={confirm}
      >
        <p>
          {confirmation.subject === "enable"
            ? `${name} may sign in again. Sessions that ended when the account was disabled stay ended.`
            : `${name} can no longer sign in, and is signed out at once everywhere: every browser, and every app signed in with this account. You can enable the account again later.`}
        </p>
      </ConfirmDialog>
    </Section>
  );
}

/**
 * "Sign in again" after a refusal that a fresh sign-in answers ("Confirm it's you", then back to this page,
 * where the change is made once more: what was asked is not kept, as on the member's own pages).
 */
function SignInAgain({ refusal }: { refusal: PersonRefusal | null }) {
  const here = usePathname();
  if (!refusal?.signInAgain) return null;
  return (
    <div className={own.signInAgain}>
      <Actions>
        <a className="button button--primary" href={portalConfirmHref(here)}>
          Sign in again
        </a>
      </Actions>
    </div>
  );
}

/** Roles: listed to every staff member; an administrator (roles:write) sets them with checkboxes. */
function RolesSection({ detail, name, canAssignRoles }: { detail: AdminUserDetail; name: string; canAssignRoles: boolean }) {
  // Kept here, outside the keyed form: saving changes the roles held, the profile is read again, and the
  // form starts afresh, which would wipe a message of its own (a fresh-clone run under load saw it gone).
  const [saved, setSaved] = useState("");
  return (
    <Section
      id="person-roles-title"
      title="Roles"
      description={canAssignRoles ? undefined : "Only an administrator can change roles."}
      status={canAssignRoles ? saved : undefined}
    >
      {canAssignRoles ? (
        // Keyed by the roles held, so the form starts again from what the server has after any change.
        <RolesForm key={detail.roles.join(",")} detail={detail} name={name} onSaved={setSaved} />
      ) : (
        <p>{detail.roles.length > 0 ? detail.roles.map((role) => <span key={role} className="badge badge--muted">{role}</span>) : "No roles."}</p>
      )}
    </Section>
  );
}

function RolesForm({ detail, name, onSaved }: { detail: AdminUserDetail; name: string; onSaved: (message: string) => void }) {
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
        onSuccess: (account) => onSaved(`Saved. ${name} now holds: ${account.roles.join(", ") || "no roles"}.`),
        onError: (error) => {
          // A refusal about the roles goes under them; anything else above the form.
          if (/^roles\b/i.test(error.message)) setFieldError(error.message.replace(/^roles(\.\d+)?:\s*/i, "").replace(/^./, (first) => first.toUpperCase()));
          else setProblem(rolesRefusal(name, error).message);
        },
      },
    );
  }

  return (
    <QueryStates query={roles} loading="Loading the roles…" failure="We couldn’t load the roles">
      {(page) => (
        <Form onSubmit={submit} submitLabel="Save roles" pendingLabel="Saving…" pending={save.isPending} label={`Roles of ${name}`}>
          <FormProblem message={problem} />
          <fieldset className={own.fieldset} aria-describedby={fieldError ? "person-roles-error" : undefined}>
            <legend className={own.legend}>Roles {name} holds</legend>
            <div className={own.roleChoices}>
              {page.items.map((role) =>
                role.assignable ? (
                  <CheckboxField
                    key={role.name}
                    label={role.name}
                    hint={role.description}
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
                  <CheckboxField key={role.name} label={role.name} hint={`${role.description}. Given and taken by guardianships, not here.`} checked disabled />
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

const sessionName = (session: AdminUserSession) => (session.app ? `${session.app.name} on ${session.device}` : `${session.browser} on ${session.device}`);

function SessionsSection({ id, name, canEnd }: { id: string; name: string; canEnd: boolean }) {
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
        setAnnouncement(`Signed ${name} out of ${revoked === 1 ? "1 session" : `${revoked} sessions`}.`);
      },
      onError: (error) => {
        confirmation.close();
        setFailure(personRefusal(`sign ${name} out`, name, error));
      },
    });
  }

  return (
    <Section id="person-sessions-title" title="Where they’re signed in" status={announcement} alert={failure?.message ?? ""}>
      <SignInAgain refusal={failure} />
      <QueryStates query={sessions} loading="Loading sessions…" failure="We couldn’t load the sessions">
        {({ sessions: list }) =>
          list.length === 0 ? (
            <p className="muted">Not signed in anywhere.</p>
          ) : (
            <>
              <CardList>
                {list.map((session) => (
                  <Card key={session.id} as="li" title={sessionName(session)}>
                    <Facts>
                      <Fact term="Signed in">
                        <LocalDateTime iso={session.created_at} />
                      </Fact>
                      <Fact term="Last used">
                        <LocalDateTime iso={session.last_seen_at} />
                      </Fact>
                      <Fact term="IP address">{session.ip ?? "Not known"}</Fact>
                      <Fact term="Ends unless used">
                        <LocalDateTime iso={session.idle_expires_at} />
                      </Fact>
                    </Facts>
                  </Card>
                ))}
              </CardList>
              {canEnd ? (
                <Actions>
                  <button type="button" className="button button--danger" onClick={() => confirmation.ask()}>
                    End all sessions
                  </button>
                </Actions>
              ) : null}
            </>
          )
        }
      </QueryStates>
      <ConfirmDialog {...confirmation.dialog} title={`Sign ${name} out everywhere?`} confirmLabel="End all sessions" busy={end.isPending} onConfirm={confirm}>
        <p>
          Every browser and device signed in as {name} is signed out at once, and apps signed in with this account lose their access. {name} can sign in again
          straight away: the account stays enabled.
        </p>
      </ConfirmDialog>
    </Section>
  );
}

function SecurityLogSection({ id }: { id: string }) {
  const log = usePersonSecurityEvents(id);
  const events = log.data?.pages.flatMap((page) => page.events) ?? [];
  return (
    <Section id="person-log-title" title="Security activity" description="What happened to this account, newest first, as the member sees it on their own security page.">
      <QueryStates query={log} loading="Loading the security activity…" failure="We couldn’t load the security activity" empty={() => events.length === 0 && "Nothing has happened on this account yet."}>
        {() => (
          <>
            <RowList ordered label="Security activity, newest first">
              {events.map((event) => (
                <Row key={event.id}>
                  <p>{securityEventWords(event.type, event.detail)}</p>
                  <Meta>
                    <LocalDateTime iso={event.created_at} /> · {event.browser} on {event.device}
                    {event.ip ? <> · IP {event.ip}</> : null}
                  </Meta>
                </Row>
              ))}
            </RowList>
            {log.isFetchNextPageError ? (
              <p role="alert" className="notice notice--error">
                We couldn’t load older activity. {log.error?.message}
              </p>
            ) : null}
            {log.hasNextPage ? (
              <Actions>
                <button type="button" className="button" aria-disabled={log.isFetchingNextPage || undefined} onClick={() => !log.isFetchingNextPage && void log.fetchNextPage()}>
                  {log.isFetchingNextPage ? "Loading…" : "Show older activity"}
                </button>
              </Actions>
            ) : null}
          </>
        )}
      </QueryStates>
    </Section>
  );
}
