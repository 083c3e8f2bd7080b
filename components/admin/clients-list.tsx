"use client";

import { useRef, useState, type FormEvent } from "react";
import { failedMessage } from "@/components/account/api-messages";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { EmptyState } from "@/components/ui/empty-state";
import { FormProblem } from "@/components/ui/form-problem";
import { Form } from "@/components/ui/form";
import { Pager } from "@/components/ui/pager";
import { Actions, Card, CardList, Fact, Facts, Meta, QueryStates, Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import type { AdminClient } from "@/lib/oauth/clients/staff-schemas";
import { CLIENTS_PER_PAGE, useAdminClients, useUpdateClient } from "./admin-queries";
import styles from "./admin.module.css";
import { StaffSearch } from "./staff-search";

/**
 * The apps registered with the church's sign-in, and the security settings of each that an office may need
 * to change when an app's developer asks: whether it must use PKCE, whether its sign-in requests must be
 * pushed (PAR), and where it is told when a member signs out (back-channel logout). The church's own apps
 * are shown but changed only with `npm run clients:register`.
 */
export function ClientsList({ canWrite }: { canWrite: boolean }) {
  const [query, setQuery] = useState({ q: "", page: 1 });
  const clients = useAdminClients(query);
  const [editing, setEditing] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const titles = useRef(new Map<string, HTMLHeadingElement>());
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  function finishEditing(client: AdminClient, saved: boolean) {
    setEditing(null);
    if (saved) setAnnouncement(`The settings of “${client.name}” are saved. They apply to its next sign-in.`);
    // Back to the app's name, so the keyboard continues where it was.
    requestAnimationFrame(() => titles.current.get(client.client_id)?.focus());
  }

  const data = clients.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.metadata.total / CLIENTS_PER_PAGE)) : 1;

  return (
    <Section id="clients-title" title="Registered apps" status={announcement}>
      <StaffSearch name="Apps" label="Search by name or client id" onSearch={(q) => setQuery({ q, page: 1 })} />
      <h3 ref={resultsHeading} tabIndex={-1} className="visually-hidden">
        {data ? `${data.metadata.total} ${data.metadata.total === 1 ? "app" : "apps"}` : "Apps"}
      </h3>
      <QueryStates
        query={clients}
        loading="Loading apps…"
        failure="We couldn’t load the apps"
        empty={(page) =>
          page.items.length === 0 && (
            <EmptyState>
              <p>{query.q ? "No app matches this search." : "No apps are registered yet."}</p>
            </EmptyState>
          )
        }
      >
        {(page) => (
          <>
            <CardList busy={clients.isFetching}>
              {page.items.map((client) => (
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
                    <code className={styles.breakAnywhere}>{client.client_id}</code> · {client.type === "public" ? "Public app (phone or browser, no secret)" : "Server app (with a secret)"}
                  </Meta>
                  {editing === client.client_id ? (
                    <ClientSettingsForm client={client} onDone={(saved) => finishEditing(client, saved)} />
                  ) : (
                    <>
                      <Facts>
                        <Fact term="PKCE">
                          {client.require_pkce
                            ? "Required"
                            : client.require_nonce_without_pkce
                              ? "Not required: its sign-in requests must carry a nonce"
                              : "Not required, nor a nonce (an OpenID certification client)"}
                        </Fact>
                        <Fact term="Pushed sign-in requests (PAR)">{client.require_pushed_authorization_requests ? "Required" : "Allowed, not required"}</Fact>
                        <Fact term="Tokens bound to the app’s key (DPoP)">{client.dpop_bound_access_tokens ? "Required" : "Allowed, not required"}</Fact>
                        <Fact term="Told when members sign out">
                          {client.backchannel_logout_uri ? <span className={styles.breakAnywhere}>{client.backchannel_logout_uri}</span> : "No"}
                        </Fact>
                      </Facts>
                      {canWrite && !client.first_party && !client.disabled_at ? (
                        <Actions>
                          <button type="button" className="button" aria-label={`Change settings of “${client.name}”`} onClick={() => setEditing(client.client_id)}>
                            Change settings
                          </button>
                        </Actions>
                      ) : null}
                      {client.first_party ? <Meta>The church’s own apps are changed on the server (npm run clients:register), not here.</Meta> : null}
                    </>
                  )}
                </Card>
              ))}
            </CardList>
            <Pager
              label="Pages of apps"
              page={query.page}
              lastPage={lastPage}
              onPage={(next) => {
                setQuery((current) => ({ ...current, page: next }));
                resultsHeading.current?.focus();
              }}
            />
          </>
        )}
      </QueryStates>
    </Section>
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
