"use client";

import { useRef, useState, type FormEvent } from "react";
import { failedMessage } from "@/components/account/api-messages";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { ConfirmDialog, useConfirmation, useFocusAfterClose } from "@/components/ui/confirm-dialog";
import { FormProblem } from "@/components/ui/form-problem";
import { Form } from "@/components/ui/form";
import { Actions, Card, Fact, Facts, Meta, Panel, Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import type { GrantType } from "@/lib/oauth/clients/grant-types";
import type { AdminClient } from "@/lib/oauth/clients/staff-schemas";
import { CLIENTS_PER_PAGE, useAdminClients, useUpdateClient } from "./admin-queries";
import styles from "./admin.module.css";
import { GRANT_WORDS, LISTED_KIND_HINTS, kindInWords, listedKindOf, scopesInWords } from "./client-kinds";
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
 * `npm run clients:register` (a kiosk's networks excepted); only an administrator may register one.
 */
export function ClientsList({ canWrite, canRegisterFirstParty }: { canWrite: boolean; canRegisterFirstParty: boolean }) {
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
        setProblem(failedMessage(`give “${client.name}” a new secret`, error));
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
        setAnnouncement(`“${client.name}” is disabled: members can no longer sign in to it, and its tokens stopped working.`);
      },
      onError: (error) => {
        disabling.close();
        setProblem(failedMessage(`disable “${client.name}”`, error));
      },
    });
  }

  function finishEditing(client: AdminClient, saved: boolean, what: "settings" | "networks" = "settings") {
    setEditing(null);
    setEditingNetworks(null);
    if (saved && what === "networks") setAnnouncement(`The networks of “${client.name}” are saved. Its kiosks are checked against them from their next request.`);
    else if (saved) setAnnouncement(`The settings of “${client.name}” are saved. They apply to its next sign-in.`);
    // Back to the app's name, so the keyboard continues where it was.
    requestAnimationFrame(() => titles.current.get(client.client_id)?.focus());
  }


  return (
    <Section
      id="clients-title"
      title="Registered apps"
      status={announcement}
      alert={problem}
      action={
        canWrite && !registering ? (
          <button ref={registerButton} type="button" className="button button--primary" onClick={() => setRegistering(true)}>
            Register an app
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
        <Panel title="Register an app">
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
      <StaffSearch name="Apps" label="Search by name or client id" onSearch={(q) => setQuery({ q, page: 1 })} />
      <StaffListResults
        query={clients}
        page={query.page}
        perPage={CLIENTS_PER_PAGE}
        onPage={(next) => setQuery((current) => ({ ...current, page: next }))}
        count={["app", "apps"]}
        loading="Loading apps…"
        failure="We couldn’t load the apps"
        empty={query.q ? "No app matches this search." : "No apps are registered yet."}
        pagerLabel="Pages of apps"
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
                  {client.disabled_at ? <span className="badge badge--cancelled">Disabled</span> : null}
                  {client.first_party ? <span className="badge badge--muted">The church’s own</span> : null}
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
                      <button type="button" className="button" aria-label={`Change settings of “${client.name}”`} onClick={() => setEditing(client.client_id)}>
                        Change settings
                      </button>
                      {client.type === "confidential" ? (
                        <button type="button" className="button" aria-label={`New secret for “${client.name}”`} onClick={() => rotation.ask(client)}>
                          New secret
                        </button>
                      ) : null}
                      <button type="button" className="button button--danger" aria-label={`Disable “${client.name}”`} onClick={() => disabling.ask(client)}>
                        Disable
                      </button>
                    </Actions>
                  ) : null}
                  {canWrite && client.check_in_campus && !client.disabled_at ? (
                    <Actions>
                      <button type="button" className="button" aria-label={`Change networks of “${client.name}”`} onClick={() => setEditingNetworks(client.client_id)}>
                        Change networks
                      </button>
                    </Actions>
                  ) : null}
                  {client.first_party ? (
                    <Meta>
                      {client.check_in_campus
                        ? "The church’s own apps are changed on the server (npm run clients:register), not here; a kiosk’s networks are changed here."
                        : "The church’s own apps are changed on the server (npm run clients:register), not here."}
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
        title={`Give “${rotation.subject?.name ?? ""}” a new secret?`}
        confirmLabel="Make a new secret"
        busy={rotate.isPending}
        onConfirm={confirmRotate}
      >
        <p>The app stops working within a few seconds, until its developer puts the new secret in. You will see the new secret once.</p>
      </ConfirmDialog>
      <ConfirmDialog
        {...disabling.dialog}
        title={`Disable “${disabling.subject?.name ?? ""}”?`}
        confirmLabel="Disable the app"
        busy={disable.isPending}
        onConfirm={confirmDisable}
      >
        <p>Members can no longer sign in to it, and everyone signed in to it is signed out of it at once. This cannot be undone here.</p>
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
  if (client.check_in_campus) {
    return (
      <>
        Check-in kiosk at <span>{client.check_in_campus.name}</span>
      </>
    );
  }
  return <>{kindInWords(client)}</>;
}

/**
 * An app in the office's words: what it is, what it may see or do for a member, where members come back to,
 * whether members are asked to allow it, and for a kiosk where its tablets may be used and how one is set
 * up. The protocol's settings are under "Technical details".
 */
function ClientInWords({ client }: { client: AdminClient }) {
  const hint = LISTED_KIND_HINTS[listedKindOf(client)];
  const campus = client.check_in_campus;
  return (
    <>
      {hint ? <p className={own.kindHint}>{hint}</p> : null}
      <Facts>
        <Fact term="What it may see or do">{client.scopes.length > 0 ? scopesInWords(client.scopes).join("; ") : "Nothing"}</Fact>
        {client.redirect_uris.length > 0 ? (
          <Fact term="Members come back to, after signing in">
            <AddressList values={client.redirect_uris} none="None" />
          </Fact>
        ) : null}
        {client.post_logout_redirect_uris.length > 0 ? (
          <Fact term="Members may go to, after signing out">
            <AddressList values={client.post_logout_redirect_uris} none="None" />
          </Fact>
        ) : null}
        <Fact term="Members are asked to allow it">{client.first_party ? "No: it is one of the church’s own apps" : "Yes, the first time they sign in to it"}</Fact>
        {campus ? (
          <>
            <Fact term="Its tablets may be set up and used from">
              <AddressList values={client.allowed_networks} none={`Anywhere (not limited to ${campus.name}’s networks)`} />
            </Fact>
            {client.disabled_at ? null : (
              <Fact term="To set up a tablet">
                Open <a href={`/kiosk?client=${encodeURIComponent(client.client_id)}`} className={styles.breakAnywhere}>{`/kiosk?client=${client.client_id}`}</a> on it and
                choose “Set up this kiosk”; a volunteer allows it at /device with the code it shows.
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
  return (
    <details className={own.details}>
      <summary>
        Technical details<span className="visually-hidden"> of “{client.name}”</span>
      </summary>
      <Facts>
        <Fact term="Client id">
          <code className={styles.breakAnywhere}>{client.client_id}</code>
        </Fact>
        <Fact term="Client type">{client.type === "public" ? "Public (no secret)" : "Confidential (with a client secret)"}</Fact>
        <Fact term="First-party">{client.first_party ? "Yes: no consent screen" : "No: members see a consent screen"}</Fact>
        <Fact term="Grant types">
          <AddressList values={client.grant_types.map((grant) => GRANT_WORDS[grant as GrantType] ?? grant)} none="None" />
        </Fact>
        <Fact term="Scopes">
          <AddressList values={client.scopes} none="None" />
        </Fact>
        <Fact term="PKCE">
          {client.require_pkce
            ? "Required"
            : client.require_nonce_without_pkce
              ? "Not required: its sign-in requests must carry a nonce"
              : "Not required, nor a nonce (an OpenID certification client)"}
        </Fact>
        <Fact term="Pushed authorization requests (PAR)">{client.require_pushed_authorization_requests ? "Required" : "Allowed, not required"}</Fact>
        <Fact term="DPoP-bound tokens">{client.dpop_bound_access_tokens ? "Required" : "Allowed, not required"}</Fact>
        <Fact term="Back-channel logout URI">{client.backchannel_logout_uri ? <span className={styles.breakAnywhere}>{client.backchannel_logout_uri}</span> : "None"}</Fact>
        <Fact term="Session id (sid) required in the logout token">{client.backchannel_logout_session_required ? "Yes" : "No"}</Fact>
        <Fact term="Registered">{new Date(client.created_at).toISOString().slice(0, 10)}</Fact>
        <Fact term="Disabled">{client.disabled_at ? new Date(client.disabled_at).toISOString().slice(0, 10) : "No"}</Fact>
      </Facts>
    </details>
  );
}

/** The API names fields as its JSON does; the form says them as its labels do. */
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
      { onSuccess: () => onDone(true), onError: (error) => setProblem(inFormWords(failedMessage(`save the settings of “${client.name}”`, error))) },
    );
  }

  return (
    <Form onSubmit={save} submitLabel="Save settings" pendingLabel="Saving…" pending={update.isPending} label={`Settings of ${client.name}`} actions={
      <button type="button" className="button" onClick={() => onDone(false)}>
        Cancel
      </button>
    }>
      <FormProblem message={problem} />
      <CheckboxField
        label="Require PKCE"
        hint={
          client.type === "public"
            ? "Always on for an app without a secret: it is the app’s only proof that a sign-in is its own."
            : "Leave on unless the app’s developer says their sign-in library sends a nonce but not PKCE."
        }
        checked={requirePkce || client.type === "public"}
        disabled={client.type === "public"}
        onChange={(event) => setRequirePkce(event.target.checked)}
      />
      <CheckboxField
        label="Require pushed sign-in requests (PAR)"
        hint="The app sends the details of each sign-in to us directly first, so nothing of it travels in the browser’s address bar."
        checked={requirePar}
        onChange={(event) => setRequirePar(event.target.checked)}
      />
      <CheckboxField
        label="Require tokens bound to the app’s key (DPoP)"
        hint="For the church’s phone app: its tokens then work only together with a key that never leaves the phone, so a copied token is useless. Turn on only when the app’s developer says it sends DPoP proofs."
        checked={requireDpop}
        onChange={(event) => setRequireDpop(event.target.checked)}
      />
      <TextField
        label="Sign-out notification address (optional)"
        hint="Where we tell the app that a member signed out, so it signs them out too. An https address from the app’s developer."
        type="url"
        inputMode="url"
        value={logoutUri}
        onChange={(event) => setLogoutUri(event.target.value)}
      />
    </Form>
  );
}
