"use client";

import { useEffect, useRef, useState, type FormEvent, type RefObject } from "react";
import { failedMessage } from "@/components/account/api-messages";
import { CopyButton } from "@/components/account/security/copy-button";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { ConfirmDialog, useConfirmation, useFocusAfterClose } from "@/components/ui/confirm-dialog";
import { Form } from "@/components/ui/form";
import { FormProblem } from "@/components/ui/form-problem";
import { Pager } from "@/components/ui/pager";
import { Actions, Card, Fact, Facts, Meta, Panel, Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import { PREVIOUS_SECRET_HOURS, WEBHOOK_EVENT_TYPES, WEBHOOK_FAILING_DAYS, type AdminWebhook, type WebhookDelivery, type WebhookEventType } from "@/lib/webhooks/schemas";
import styles from "./admin.module.css";
import own from "./clients.module.css";
import { StaffListResults } from "./staff-list-results";
import { StaffSearch } from "./staff-search";
import hooks from "./webhooks.module.css";
import {
  DELIVERIES_PER_PAGE,
  WEBHOOKS_PER_PAGE,
  useAdminWebhooks,
  useCreateWebhook,
  useDeleteWebhook,
  useLastDeliveryInStep,
  useRedeliverWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  useUpdateWebhook,
  useWebhookDeliveries,
} from "./webhooks-queries";

/** What each message type means, in the office's words. */
const TYPE_WORDS: Record<string, string> = {
  "event.created": "An event is created",
  "event.updated": "An event is changed, published or postponed",
  "event.cancelled": "An event is cancelled",
  "event.registration_opened": "Sign-up opens for an event",
  "webhook.ping": "Test message",
};

const when = (iso: string) => new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
const afterDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * 24 * 60 * 60 * 1000).toISOString();
const nameOf = (endpoint: Pick<AdminWebhook, "description" | "url">) => endpoint.description || endpoint.url;

interface RevealedSecret {
  id: string;
  name: string;
  secret: string;
  kind: "added" | "rotated";
}

/**
 * Staff › Webhooks: the addresses told of calendar changes (docs/decisions/0027). Add one (its signing
 * secret shown once, with a copy button), see what it receives and how its last message went, send a test
 * message, open its delivery log (each message's attempts and last answer, sent again with one click),
 * disable or enable it, give it a new secret, delete it. Every destructive step is confirmed first.
 */
export function WebhooksList({ canWrite }: { canWrite: boolean }) {
  const [query, setQuery] = useState({ q: "", page: 1 });
  const webhooks = useAdminWebhooks(query);
  const [adding, setAdding] = useState(false);
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [problem, setProblem] = useState("");
  const titles = useRef(new Map<string, HTMLHeadingElement>());
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const secretHeading = useRef<HTMLHeadingElement>(null);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhook();
  const rotation = useConfirmation<AdminWebhook>();
  const deletion = useConfirmation<AdminWebhook>();
  const focusAfterRotation = useFocusAfterClose(rotation.open);
  const focusAfterDeletion = useFocusAfterClose(deletion.open);

  function confirmRotate() {
    const endpoint = rotation.subject;
    if (!endpoint || rotate.isPending) return;
    setProblem("");
    rotate.mutate(endpoint.id, {
      onSuccess: (answer) => {
        focusAfterRotation(() => secretHeading.current);
        rotation.close();
        setRevealed({ id: answer.id, name: nameOf(answer), secret: answer.secret, kind: "rotated" });
      },
      onError: (error) => {
        rotation.close();
        setProblem(failedMessage(`give “${nameOf(endpoint)}” a new secret`, error));
      },
    });
  }

  function confirmDelete() {
    const endpoint = deletion.subject;
    if (!endpoint || remove.isPending) return;
    setProblem("");
    remove.mutate(endpoint.id, {
      onSuccess: () => {
        focusAfterDeletion(() => resultsHeading.current);
        deletion.close();
        setAnnouncement(`“${nameOf(endpoint)}” is deleted: it is told nothing more.`);
      },
      onError: (error) => {
        deletion.close();
        setProblem(failedMessage(`delete “${nameOf(endpoint)}”`, error));
      },
    });
  }

  function setEnabled(endpoint: AdminWebhook, enabled: boolean) {
    setProblem("");
    update.mutate(
      { id: endpoint.id, body: { enabled } },
      {
        onSuccess: () => setAnnouncement(enabled ? `“${nameOf(endpoint)}” is enabled again.` : `“${nameOf(endpoint)}” is disabled: nothing is sent to it until it is enabled again.`),
        onError: (error) => setProblem(failedMessage(`${enabled ? "enable" : "disable"} “${nameOf(endpoint)}”`, error)),
      },
    );
  }

  function sendTest(endpoint: AdminWebhook) {
    setProblem("");
    test.mutate(endpoint.id, {
      onSuccess: () => {
        setLogOf(endpoint.id);
        setAnnouncement(`A test message to “${nameOf(endpoint)}” is on its way; its delivery log shows how it went.`);
      },
      onError: (error) => setProblem(failedMessage(`send a test message to “${nameOf(endpoint)}”`, error)),
    });
  }

  return (
    <Section
      id="webhooks-title"
      title="Webhook endpoints"
      status={announcement}
      alert={problem}
      action={
        canWrite && !adding ? (
          <button ref={addButton} type="button" className="button button--primary" onClick={() => setAdding(true)}>
            Add an endpoint
          </button>
        ) : undefined
      }
    >
      {revealed ? (
        <SecretOnce
          revealed={revealed}
          headingRef={secretHeading}
          onDone={() => {
            setRevealed(null);
            requestAnimationFrame(() => (titles.current.get(revealed.id) ?? resultsHeading.current)?.focus());
          }}
        />
      ) : null}
      {adding ? (
        <Panel title="Add an endpoint">
          <AddWebhookForm
            onAdded={(answer) => {
              setAdding(false);
              setRevealed({ id: answer.id, name: nameOf(answer), secret: answer.secret, kind: "added" });
            }}
            onCancel={() => {
              setAdding(false);
              requestAnimationFrame(() => addButton.current?.focus());
            }}
          />
        </Panel>
      ) : null}
      <StaffSearch name="Webhook endpoints" label="Search by address or description" onSearch={(q) => setQuery({ q, page: 1 })} />
      <StaffListResults
        query={webhooks}
        page={query.page}
        perPage={WEBHOOKS_PER_PAGE}
        onPage={(next) => setQuery((current) => ({ ...current, page: next }))}
        count={["endpoint", "endpoints"]}
        loading="Loading webhook endpoints…"
        failure="We couldn’t load the webhook endpoints"
        empty={query.q ? "No endpoint matches this search." : "No endpoints yet. Add one to tell a website or app when the calendar changes."}
        pagerLabel="Pages of endpoints"
        headingRef={resultsHeading}
      >
        {(items) =>
          items.map((endpoint) => (
            <Card
              key={endpoint.id}
              as="li"
              headingRef={(element) => {
                if (element) titles.current.set(endpoint.id, element);
                else titles.current.delete(endpoint.id);
              }}
              title={
                <>
                  {nameOf(endpoint)}
                  {endpoint.enabled ? null : <span className="badge badge--cancelled">Disabled</span>}
                  {endpoint.enabled && endpoint.failing_since ? <span className="badge badge--danger">Failing</span> : null}
                </>
              }
            >
              <Meta>
                <code className={styles.breakAnywhere}>{endpoint.url}</code>
              </Meta>
              {endpoint.auto_disabled_at ? (
                <p className="notice notice--warning">
                  Turned off on {when(endpoint.auto_disabled_at)}: every message failed for {WEBHOOK_FAILING_DAYS} days. Once the receiving site works again, enable it and
                  send what it missed from its delivery log.
                </p>
              ) : endpoint.enabled && endpoint.failing_since ? (
                <p className="notice notice--warning">
                  Failing since {when(endpoint.failing_since)}: if nothing gets through by {when(afterDays(endpoint.failing_since, WEBHOOK_FAILING_DAYS))}, it is turned off.
                </p>
              ) : null}
              <Facts>
                <Fact term="Told when">
                  <ul className={own.values}>
                    {endpoint.event_types.map((type) => (
                      <li key={type}>{TYPE_WORDS[type] ?? type}</li>
                    ))}
                  </ul>
                </Fact>
                <Fact term="Last message">
                  {endpoint.last_delivery ? (
                    <>
                      <DeliveryState delivery={{ state: endpoint.last_delivery.delivered_at ? "delivered" : endpoint.last_delivery.last_status === null ? "pending" : "failing" }} />{" "}
                      {TYPE_WORDS[endpoint.last_delivery.event_type] ?? endpoint.last_delivery.event_type}, {when(endpoint.last_delivery.created_at)}
                    </>
                  ) : (
                    "None yet"
                  )}
                </Fact>
                {endpoint.previous_secret_expires_at ? (
                  <Fact term="Old secret">Still signs beside the new one until {when(endpoint.previous_secret_expires_at)}</Fact>
                ) : null}
              </Facts>
              <Actions>
                <button type="button" className="button" aria-expanded={logOf === endpoint.id} aria-label={`Delivery log of “${nameOf(endpoint)}”`} onClick={() => setLogOf(logOf === endpoint.id ? null : endpoint.id)}>
                  Delivery log
                </button>
                {canWrite ? (
                  <>
                    {endpoint.enabled ? (
                      <button type="button" className="button" aria-label={`Send a test message to “${nameOf(endpoint)}”`} disabled={test.isPending} onClick={() => sendTest(endpoint)}>
                        Send a test message
                      </button>
                    ) : null}
                    <button type="button" className="button" aria-label={`${endpoint.enabled ? "Disable" : "Enable"} “${nameOf(endpoint)}”`} disabled={update.isPending} onClick={() => setEnabled(endpoint, !endpoint.enabled)}>
                      {endpoint.enabled ? "Disable" : "Enable"}
                    </button>
                    <button type="button" className="button" aria-label={`New secret for “${nameOf(endpoint)}”`} onClick={() => rotation.ask(endpoint)}>
                      New secret
                    </button>
                    <button type="button" className="button button--danger" aria-label={`Delete “${nameOf(endpoint)}”`} onClick={() => deletion.ask(endpoint)}>
                      Delete
                    </button>
                  </>
                ) : null}
              </Actions>
              {logOf === endpoint.id ? <DeliveryLog endpoint={endpoint} canWrite={canWrite} onProblem={setProblem} onAnnounce={setAnnouncement} /> : null}
            </Card>
          ))
        }
      </StaffListResults>
      <ConfirmDialog {...rotation.dialog} title={`Give “${rotation.subject ? nameOf(rotation.subject) : ""}” a new secret?`} confirmLabel="Make a new secret" busy={rotate.isPending} onConfirm={confirmRotate}>
        <p>
          Every message from now on is signed with the new secret. For the next {PREVIOUS_SECRET_HOURS} hours each also carries a signature made with the old one, so
          the receiving site keeps accepting them while its developer puts the new secret in. You will see the new secret once.
        </p>
      </ConfirmDialog>
      <ConfirmDialog {...deletion.dialog} title={`Delete “${deletion.subject ? nameOf(deletion.subject) : ""}”?`} confirmLabel="Delete the endpoint" busy={remove.isPending} onConfirm={confirmDelete}>
        <p>It is told nothing more, and its delivery log is deleted with it. This cannot be undone; to pause it instead, disable it.</p>
      </ConfirmDialog>
    </Section>
  );
}

function DeliveryState({ delivery }: { delivery: Pick<WebhookDelivery, "state"> }) {
  if (delivery.state === "delivered") return <span className={`badge ${hooks.delivered}`}>Delivered</span>;
  if (delivery.state === "failing") return <span className="badge badge--danger">Failed</span>;
  return <span className="badge badge--muted">Waiting</span>;
}

/** The signing secret, shown this once: the server keeps it sealed and never answers it again. */
function SecretOnce({ revealed, headingRef: heading, onDone }: { revealed: RevealedSecret; headingRef: RefObject<HTMLHeadingElement | null>; onDone: () => void }) {
  useEffect(() => heading.current?.focus(), [revealed, heading]);
  return (
    <Panel title={revealed.kind === "added" ? `“${revealed.name}” is added: store its signing secret now` : `The new signing secret of “${revealed.name}”: store it now`} headingRef={heading}>
      <Facts>
        <Fact term="Signing secret">
          <code className={own.secret} data-testid="webhook-secret">
            {revealed.secret}
          </code>
        </Fact>
      </Facts>
      <p>
        Give it to the receiving site’s developer by a safe way, such as a password manager: with it they check that each message really comes from
        us (the Standard Webhooks signature).{" "}
        {revealed.kind === "rotated" ? `The old secret goes on signing beside it for ${PREVIOUS_SECRET_HOURS} hours, so nothing is refused in the meantime. ` : null}
        <strong>You will not see this secret again.</strong> If it is lost, make a new one.
      </p>
      <Actions>
        <CopyButton text={revealed.secret} label="Copy the secret" copiedMessage="The secret is copied." />
        <button type="button" className="button button--primary" onClick={onDone}>
          Done: I have stored it
        </button>
      </Actions>
    </Panel>
  );
}

/** The API names fields as its JSON does; the form says them as its labels do. */
function inFormWords(message: string): string {
  return message.replace("url: ", "The address ").replace("event_types: ", "Told when: ").replace("description: ", "The description ");
}

function AddWebhookForm({ onAdded, onCancel }: { onAdded: (answer: { id: string; description: string; url: string; secret: string }) => void; onCancel: () => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [types, setTypes] = useState<Set<WebhookEventType>>(new Set(WEBHOOK_EVENT_TYPES));
  const [problem, setProblem] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    setProblem("");
    create.mutate(
      { url: url.trim(), description: description.trim(), event_types: WEBHOOK_EVENT_TYPES.filter((type) => types.has(type)) },
      { onSuccess: onAdded, onError: (error) => setProblem(inFormWords(failedMessage("add the endpoint", error))) },
    );
  }

  return (
    <Form
      onSubmit={submit}
      submitLabel="Add the endpoint"
      pendingLabel="Adding…"
      pending={create.isPending}
      label="Add a webhook endpoint"
      actions={
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      }
    >
      <FormProblem message={problem} />
      <TextField label="Address" hint="An https address from the receiving site’s developer, such as https://example.org/hooks/calendar." type="url" inputMode="url" required value={url} onChange={(event) => setUrl(event.target.value)} />
      <TextField label="Description (optional)" hint="What you call it, such as “Church website”." maxLength={200} value={description} onChange={(event) => setDescription(event.target.value)} />
      <fieldset className={hooks.types}>
        <legend>Told when</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <CheckboxField
            key={type}
            label={TYPE_WORDS[type]!}
            checked={types.has(type)}
            onChange={(event) =>
              setTypes((current) => {
                const next = new Set(current);
                if (event.target.checked) next.add(type);
                else next.delete(type);
                return next;
              })
            }
          />
        ))}
      </fieldset>
    </Form>
  );
}

/** One endpoint's messages, newest first: what each was, how its attempts went, and "Send again". */
function DeliveryLog({ endpoint, canWrite, onProblem, onAnnounce }: { endpoint: AdminWebhook; canWrite: boolean; onProblem: (message: string) => void; onAnnounce: (message: string) => void }) {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpoint.id, page);
  const redeliver = useRedeliverWebhook();
  useLastDeliveryInStep(endpoint, page === 1 ? deliveries.data?.items[0] : undefined);

  function sendAgain(delivery: WebhookDelivery) {
    onProblem("");
    redeliver.mutate(
      { id: endpoint.id, deliveryId: delivery.id },
      {
        onSuccess: () => onAnnounce(`The message “${TYPE_WORDS[delivery.event_type] ?? delivery.event_type}” of ${when(delivery.created_at)} is on its way again; the delivery log shows how it went.`),
        onError: (error) => onProblem(failedMessage("send the message again", error)),
      },
    );
  }

  const heading = `Delivery log of “${nameOf(endpoint)}”`;
  if (deliveries.isPending) return <p className={hooks.log}>Loading the delivery log…</p>;
  if (deliveries.isError) return <p className={hooks.log}>We couldn’t load the delivery log. Please try again.</p>;
  const { items, metadata } = deliveries.data;
  return (
    <section className={hooks.log} aria-label={heading}>
      <h4 className={hooks.logTitle}>Delivery log</h4>
      {/* The daily clean-up's retention (docs/decisions/0027, "Keeping the log"); operators may set another. */}
      <p className={hooks.deliveryMeta}>Newest first; kept for 30 days by default.</p>
      {items.length === 0 ? (
        <p>No messages yet.</p>
      ) : (
        <ol className={hooks.deliveries}>
          {items.map((delivery) => (
            <li key={delivery.id} className={hooks.delivery}>
              <div className={hooks.deliveryHead}>
                <strong>{TYPE_WORDS[delivery.event_type] ?? delivery.event_type}</strong> <DeliveryState delivery={delivery} />
              </div>
              <p className={hooks.deliveryMeta}>
                {when(delivery.created_at)} · {delivery.attempts === 1 ? "1 attempt" : `${delivery.attempts} attempts`}
                {delivery.last_status !== null ? ` · last answer HTTP ${delivery.last_status}` : ""}
                {/* "answered HTTP 500" says no more than the status before it. */}
                {delivery.last_error && !delivery.last_error.startsWith("answered HTTP") ? ` · ${delivery.last_error}` : ""}
                {delivery.last_error?.includes("redirects are not followed") ? " · a redirect is not followed: ask for the final address" : ""}
              </p>
              <p className={hooks.deliveryMeta}>
                <code className={styles.breakAnywhere}>{delivery.id}</code>
              </p>
              {canWrite && endpoint.enabled && delivery.state !== "pending" ? (
                <button type="button" className="button" aria-label={`Send again (${delivery.id})`} disabled={redeliver.isPending} onClick={() => sendAgain(delivery)}>
                  Send again
                </button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {metadata.total > DELIVERIES_PER_PAGE ? <Pager page={page} lastPage={Math.ceil(metadata.total / DELIVERIES_PER_PAGE)} onPage={setPage} label={`Pages of the delivery log of “${nameOf(endpoint)}”`} /> : null}
    </section>
  );
}
