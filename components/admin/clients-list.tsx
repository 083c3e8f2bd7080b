"use client";

import { useTranslations } from "next-intl";
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { useApiMessages } from "@/components/account/api-messages";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { ConfirmDialog, useConfirmation, useFocusAfterClose } from "@/components/ui/confirm-dialog";
import { FormProblem } from "@/components/ui/form-problem";
import { Form } from "@/components/ui/form";
import { Actions, Card, Fact, Facts, Meta, Panel, Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import type { AdminClient } from "@/lib/oauth/clients/staff-schemas";
import { CLIENTS_PER_PAGE, useAdminClients, useUpdateClient } from "./admin-queries";
import styles from "./admin.module.css";
import { grantWords, kindInWords, listedKindHint, listedKindOf, scopesInWords } from "./client-kinds";
import { ClientSecretOnce, type RevealedSecret } from "./client-secret-once";
import { useDisableClient, useRotateClientSecret } from "./clients-queries";
import own from "./clients.module.css";
import { KioskNetworksForm } from "./kiosk-networks-form";
import { RegisterClientForm } from "./register-client-form";
import { StaffListResults } from "./staff-list-results";
import { StaffSearch } from "./staff-search";

/**
 * The apps registered with the church's sign-in: registered here by what they are (a website, a phone app, a
 * lobby kiosk of a campus, something else; the secret shown once), each described in words (its kind, what
 * it may see or do, where members come back to, a kiosk's networks and how to set up its tablet) with the
 * protocol's settings under "Technical details", the security settings an office may need to change when an
 * app's developer asks (PKCE, pushed requests, DPoP, the sign-out notification address), a new secret (shown
 * once) and disabling, each confirmed first. The church's own apps are shown but changed only with
 * `npm run clients:register` (a kiosk's networks excepted); only an administrator may register one. Words:
 * "AdminClients" (and "AdminKiosks" for a kiosk's networks).
 */
export function ClientsList({ canWrite, canRegisterFirstParty }: { canWrite: boolean; canRegisterFirstParty: boolean }) {
  const t = useTranslations("AdminClients");
  const api = useApiMessages();
  const [query, setQuery] = useState({ q: "", page: 1 });
  const clients = useAdminClients(query);
  const [editing, setEditing] = useState<string | null>(null);
  const [editingNetworks, setEditingNetworks] = useState<string | null>(null);
  const [registering, setRegistering] = useState(false);
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [problem, setProblem] = useState("");
  const titles = useRef(new Map<string, HTMLHeadingElement>());
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const registerButton = useRef<HTMLButtonElement>(null);
  const rotate = useRotateClientSecret();
  const disable = useDisableClient();
  const rotation = useConfirmation<AdminClient>();
  const disabling = useConfirmation<AdminClient>();
  const secretHeading = useRef<HTMLHeadingElement>(null);
  // The dialog hands focus back to its button as it closes; a new secret's heading should have it instead.
  const focusAfterRotation = useFocusAfterClose(rotation.open);
  const focusAfterDisable = useFocusAfterClose(disabling.open);

  function confirmRotate() {
    const client = rotation.subject;
    if (!client || rotate.isPending) return;
    setProblem("");
    rotate.mutate(client.client_id, {
      onSuccess: (answer) => {
        focusAfterRotation(() => secretHeading.current);
        rotation.close();
        setRevealed({ clientId: answer.client_id, name: answer.name, secret: answer.client_secret, kind: "rotated" });
      },
      onError: (error) => {
        rotation.close();
        setProblem(api.failed(t("list.rotateFailed", { name: client.name }), error));
      },
    });
  }

  function confirmDisable() {
    const client = disabling.subject;
    if (!client || disable.isPending) return;
    setProblem("");
    disable.mutate(client.client_id, {
      onSuccess: () => {
        // Its buttons go away: back to its name.
        focusAfterDisable(() => titles.current.get(client.client_id));
        disabling.close();
        setAnnouncement(t("list.disabledNow", { name: client.name }));
      },
      onError: (error) => {
        disabling.close();
        setProblem(api.failed(t("list.disableFailed", { name: client.name }), error));
      },
    });
  }

  function finishEditing(client: AdminClient, saved: boolean, what: "settings" | "networks" = "settings") {
    setEditing(null);
    setEditingNetworks(null);
    if (saved && what === "networks") setAnnouncement(t("list.networksSaved", { name: client.name }));
    else if (saved) setAnnouncement(t("list.settingsSaved", { name: client.name }));
    // Back to the app's name, so the keyboard continues where it was.
    requestAnimationFrame(() => titles.current.get(client.client_id)?.focus());
  }


  return (
    <Section
      id="clients-title"
      title={t("list.title")}
      status={announcement}
      alert={problem}
      action={
        canWrite && !registering ? (
          <button ref={registerButton} type="button" className="button button--primary" onClick={() => setRegistering(true)}>
            {t("list.register")}
          </button>
        ) : undefined
      }
    >
      {revealed ? (
        <ClientSecretOnce
          revealed={revealed}
          headingRef={secretHeading}
          onDone={() => {
            setRevealed(null);
            requestAnimationFrame(() => (titles.current.get(revealed.clientId) ?? resultsHeading.current)?.focus());
          }}
        />
      ) : null}
      {registering ? (
        <Panel title={t("list.register")}>
          <RegisterClientForm
            canRegisterFirstParty={canRegisterFirstParty}
            onRegistered={(client) => {
              setRegistering(false);
              setRevealed({ clientId: client.client_id, name: client.name, secret: client.client_secret, kind: "registered", kioskCampus: client.check_in_campus?.name ?? null });
            }}
            onCancel={() => {
              setRegistering(false);
              requestAnimationFrame(() => registerButton.current?.focus());
            }}
          />
        </Panel>
      ) : null}
      <StaffSearch name={t("list.searchName")} label={t("list.searchLabel")} onSearch={(q) => setQuery({ q, page: 1 })} />
      <StaffListResults
        query={clients}
        page={query.page}
        perPage={CLIENTS_PER_PAGE}
        onPage={(next) => setQuery((current) => ({ ...current, page: next }))}
        count={(total) => (total === undefined ? t("list.countNotRead") : t("list.count", { count: total }))}
        loading={t("list.loading")}
        failure={t("list.failure")}
        empty={query.q ? t("list.emptySearch") : t("list.empty")}
        pagerLabel={t("list.pagerLabel")}
        headingRef={resultsHeading}
      >
        {(items) =>
          items.map((client) => (
            <Card
              key={client.client_id}
              as="li"
              headingRef={(element) => {
                if (element) titles.current.set(client.client_id, element);
                else titles.current.delete(client.client_id);
              }}
              title={
                <>
                  {client.name}
                  {client.disabled_at ? <span className="badge badge--cancelled">{t("list.disabledBadge")}</span> : null}
                  {client.first_party ? <span className="badge badge--muted">{t("list.ownBadge")}</span> : null}
                </>
              }
            >
              <Meta>
                <KindLine client={client} /> · <code className={styles.breakAnywhere}>{client.client_id}</code>
              </Meta>
              {editing === client.client_id ? (
                <ClientSettingsForm client={client} onDone={(saved) => finishEditing(client, saved)} />
              ) : editingNetworks === client.client_id && client.check_in_campus ? (
                <KioskNetworksForm client={{ ...client, check_in_campus: client.check_in_campus }} onDone={(saved) => finishEditing(client, saved, "networks")} />
              ) : (
                <>
                  <ClientInWords client={client} />
                  <ClientDetails client={client} />
                  {canWrite && !client.first_party && !client.disabled_at ? (
                    <Actions>
                      <button type="button" className="button" aria-label={t("list.changeSettingsOf", { name: client.name })} onClick={() => setEditing(client.client_id)}>
                        {t("list.changeSettings")}
                      </button>
                      {client.type === "confidential" ? (
                        <button type="button" className="button" aria-label={t("list.newSecretFor", { name: client.name })} onClick={() => rotation.ask(client)}>
                          {t("list.newSecret")}
                        </button>
                      ) : null}
                      <button type="button" className="button button--danger" aria-label={t("list.disableNamed", { name: client.name })} onClick={() => disabling.ask(client)}>
                        {t("list.disable")}
                      </button>
                    </Actions>
                  ) : null}
                  {canWrite && client.check_in_campus && !client.disabled_at ? (
                    <Actions>
                      <button type="button" className="button" aria-label={t("list.changeNetworksOf", { name: client.name })} onClick={() => setEditingNetworks(client.client_id)}>
                        {t("list.changeNetworks")}
                      </button>
                    </Actions>
                  ) : null}
                  {client.first_party ? (
                    <Meta>
                      {client.check_in_campus ? t("list.ownChangedOnServerKiosk") : t("list.ownChangedOnServer")}
                    </Meta>
                  ) : null}
                </>
              )}
            </Card>
          ))
        }
      </StaffListResults>
      <ConfirmDialog
        {...rotation.dialog}
        title={t("list.rotateTitle", { name: rotation.subject?.name ?? "" })}
        confirmLabel={t("list.rotateConfirm")}
        busy={rotate.isPending}
        onConfirm={confirmRotate}
      >
        <p>{t("list.rotateText")}</p>
      </ConfirmDialog>
      <ConfirmDialog
        {...disabling.dialog}
        title={t("list.disableTitle", { name: disabling.subject?.name ?? "" })}
        confirmLabel={t("list.disableConfirm")}
        busy={disable.isPending}
        onConfirm={confirmDisable}
      >
        <p>{t("list.disableText")}</p>
      </ConfirmDialog>
    </Section>
  );
}

function AddressList({ values, none }: { values: readonly string[]; none: string }) {
  if (values.length === 0) return <>{none}</>;
  return (
    <ul className={own.values}>
      {values.map((value) => (
        <li key={value}>{value}</li>
      ))}
    </ul>
  );
}

/** What kind of app it is, from its settings: "Website", "Phone app", "Check-in kiosk at Harbor Point" (the campus its own words). */
function KindLine({ client }: { client: AdminClient }) {
  const t = useTranslations("AdminClients");
  if (client.check_in_campus) return <>{t.rich("listed.kioskAtMarked", { campus: client.check_in_campus.name, place: (chunks: ReactNode) => <span>{chunks}</span> })}</>;
  return <>{kindInWords(client, t)}</>;
}

/**
 * An app in the office's words: what it is, what it may see or do for a member, where members come back to,
 * whether members are asked to allow it, and for a kiosk where its tablets may be used and how one is set
 * up. The protocol's settings are under "Technical details".
 */
function ClientInWords({ client }: { client: AdminClient }) {
  const t = useTranslations("AdminClients");
  const hint = listedKindHint(listedKindOf(client), t);
  const campus = client.check_in_campus;
  return (
    <>
      {hint ? <p className={own.kindHint}>{hint}</p> : null}
      <Facts>
        <Fact term={t("words.maySee")}>{client.scopes.length > 0 ? scopesInWords(client.scopes, t).join("; ") : t("words.nothing")}</Fact>
        {client.redirect_uris.length > 0 ? (
          <Fact term={t("words.comeBack")}>
            <AddressList values={client.redirect_uris} none={t("words.none")} />
          </Fact>
        ) : null}
        {client.post_logout_redirect_uris.length > 0 ? (
          <Fact term={t("words.goAfterSignOut")}>
            <AddressList values={client.post_logout_redirect_uris} none={t("words.none")} />
          </Fact>
        ) : null}
        <Fact term={t("words.asked")}>{client.first_party ? t("words.askedNo") : t("words.askedYes")}</Fact>
        {campus ? (
          <>
            <Fact term={t("words.tabletsFrom")}>
              <AddressList values={client.allowed_networks} none={t("words.anywhere", { campus: campus.name })} />
            </Fact>
            {client.disabled_at ? null : (
              <Fact term={t("words.setUpTablet")}>
                {t.rich("words.setUpTabletText", {
                  address: `/kiosk?client=${client.client_id}`,
                  link: (chunks: ReactNode) => (
                    <a href={`/kiosk?client=${encodeURIComponent(client.client_id)}`} className={styles.breakAnywhere}>
                      {chunks}
                    </a>
                  ),
                })}
              </Fact>
            )}
          </>
        ) : null}
      </Facts>
    </>
  );
}

/**
 * The protocol's settings of an app, folded away under its card until asked for (a native disclosure: keyboard
 * and screen readers know it). Its redirect URIs are said above, in words.
 */
function ClientDetails({ client }: { client: AdminClient }) {
  const t = useTranslations("AdminClients");
  return (
    <details className={own.details}>
      <summary>{t.rich("details.summary", { name: client.name, hidden: (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span> })}</summary>
      <Facts>
        <Fact term={t("details.clientId")}>
          <code className={styles.breakAnywhere}>{client.client_id}</code>
        </Fact>
        <Fact term={t("details.clientType")}>{client.type === "public" ? t("details.public") : t("details.confidential")}</Fact>
        <Fact term={t("details.firstParty")}>{client.first_party ? t("details.firstPartyYes") : t("details.firstPartyNo")}</Fact>
        <Fact term={t("details.grantTypes")}>
          <AddressList values={client.grant_types.map((grant) => grantWords(grant, t))} none={t("details.none")} />
        </Fact>
        <Fact term={t("details.scopes")}>
          <AddressList values={client.scopes} none={t("details.none")} />
        </Fact>
        <Fact term={t("details.pkce")}>
          {client.require_pkce ? t("details.required") : client.require_nonce_without_pkce ? t("details.pkceNonce") : t("details.pkceNeither")}
        </Fact>
        <Fact term={t("details.par")}>{client.require_pushed_authorization_requests ? t("details.required") : t("details.allowedNotRequired")}</Fact>
        <Fact term={t("details.dpop")}>{client.dpop_bound_access_tokens ? t("details.required") : t("details.allowedNotRequired")}</Fact>
        <Fact term={t("details.logoutUri")}>
          {client.backchannel_logout_uri ? <span className={styles.breakAnywhere}>{client.backchannel_logout_uri}</span> : t("details.none")}
        </Fact>
        <Fact term={t("details.sessionRequired")}>{client.backchannel_logout_session_required ? t("details.yes") : t("details.no")}</Fact>
        <Fact term={t("details.registered")}>{new Date(client.created_at).toISOString().slice(0, 10)}</Fact>
        <Fact term={t("details.disabled")}>{client.disabled_at ? new Date(client.disabled_at).toISOString().slice(0, 10) : t("details.no")}</Fact>
      </Facts>
    </details>
  );
}

/** The API names fields as its JSON does; the form says them as its labels do (its English reasons: another language has none). */
const FIELD_WORDS: Record<string, string> = {
  "backchannel_logout_uri: ": "The sign-out notification address ",
  "require_pkce: ": "",
  "require_pushed_authorization_requests: ": "",
  "dpop_bound_access_tokens: ": "",
};

function inFormWords(message: string): string {
  return Object.entries(FIELD_WORDS).reduce((text, [field, words]) => text.replace(field, words), message);
}

/** The security settings of one app, saved together; the server checks them again. */
function ClientSettingsForm({ client, onDone }: { client: AdminClient; onDone: (saved: boolean) => void }) {
  const t = useTranslations("AdminClients");
  const api = useApiMessages();
  const update = useUpdateClient();
  const [requirePkce, setRequirePkce] = useState(client.require_pkce);
  const [requirePar, setRequirePar] = useState(client.require_pushed_authorization_requests);
  const [requireDpop, setRequireDpop] = useState(client.dpop_bound_access_tokens);
  const [logoutUri, setLogoutUri] = useState(client.backchannel_logout_uri ?? "");
  const [problem, setProblem] = useState("");

  function save(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    setProblem("");
    update.mutate(
      {
        clientId: client.client_id,
        body: {
          require_pkce: requirePkce,
          require_pushed_authorization_requests: requirePar,
          dpop_bound_access_tokens: requireDpop,
          backchannel_logout_uri: logoutUri.trim() === "" ? null : logoutUri.trim(),
        },
      },
      { onSuccess: () => onDone(true), onError: (error) => setProblem(inFormWords(api.failed(t("settings.saveFailed", { name: client.name }), error))) },
    );
  }

  return (
    <Form
      onSubmit={save}
      submitLabel={t("settings.save")}
      pendingLabel={t("settings.saving")}
      pending={update.isPending}
      label={t("settings.formLabel", { name: client.name })}
      actions={
        <button type="button" className="button" onClick={() => onDone(false)}>
          {t("settings.cancel")}
        </button>
      }
    >
      <FormProblem message={problem} />
      <CheckboxField
        label={t("settings.requirePkce")}
        hint={client.type === "public" ? t("settings.pkceHintPublic") : t("settings.pkceHint")}
        checked={requirePkce || client.type === "public"}
        disabled={client.type === "public"}
        onChange={(event) => setRequirePkce(event.target.checked)}
      />
      <CheckboxField
        label={t("settings.requirePar")}
        hint={t("settings.parHint")}
        checked={requirePar}
        onChange={(event) => setRequirePar(event.target.checked)}
      />
      <CheckboxField
        label={t("settings.requireDpop")}
        hint={t("settings.dpopHint")}
        checked={requireDpop}
        onChange={(event) => setRequireDpop(event.target.checked)}
      />
      <TextField
        label={t("settings.logoutUri")}
        hint={t("settings.logoutUriHint")}
        type="url"
        inputMode="url"
        value={logoutUri}
        onChange={(event) => setLogoutUri(event.target.value)}
      />
    </Form>
  );
}
