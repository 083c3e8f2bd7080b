"use client";

import { useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from "react";
import { useApiMessages } from "@/components/account/api-messages";
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

/** What each message type means, in the office's words: its message under `types`. */
const TYPE_KEYS = {
  "event.created": "created",
  "event.updated": "updated",
  "event.cancelled": "cancelled",
  "event.registration_opened": "registrationOpened",
  "webhook.ping": "ping",
} as const satisfies Record<WebhookEventType | "webhook.ping", string>;

type WebhooksT = ReturnType<typeof useTranslations<"AdminWebhooks">>;

/** A message type in words; one these words do not know, by its name. */
function typeWords(type: string, t: WebhooksT): string {
  return Object.hasOwn(TYPE_KEYS, type) ? t(`types.${TYPE_KEYS[type as keyof typeof TYPE_KEYS]}`) : type;
}

/**
 * A moment in the browser's own time zone, day month year as the office has always read it in English ("1 Jan
 * 2030, 10:00"), in the page's own way in another language.
 */
function useWhen(): (iso: string) => string {
  const locale = useLocale();
  return useCallback((iso: string) => new Intl.DateTimeFormat(locale === "en" ? "en-GB" : locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)), [locale]);
}
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
  const t = useTranslations("AdminWebhooks");
  const api = useApiMessages();
  const when = useWhen();
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
        setProblem(api.failed(t("list.rotateFailed", { name: nameOf(endpoint) }), error));
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
        setAnnouncement(t("list.deleted", { name: nameOf(endpoint) }));
      },
      onError: (error) => {
        deletion.close();
        setProblem(api.failed(t("list.deleteFailed", { name: nameOf(endpoint) }), error));
      },
    });
  }

  function setEnabled(endpoint: AdminWebhook, enabled: boolean) {
    setProblem("");
    update.mutate(
      { id: endpoint.id, body: { enabled } },
      {
        onSuccess: () => setAnnouncement(enabled ? t("list.enabledAgain", { name: nameOf(endpoint) }) : t("list.disabledNow", { name: nameOf(endpoint) })),
        onError: (error) => setProblem(api.failed(enabled ? t("list.enableFailed", { name: nameOf(endpoint) }) : t("list.disableFailed", { name: nameOf(endpoint) }), error)),
      },
    );
  }

  function sendTest(endpoint: AdminWebhook) {
    setProblem("");
    test.mutate(endpoint.id, {
      onSuccess: () => {
        setLogOf(endpoint.id);
        setAnnouncement(t("list.testOnItsWay", { name: nameOf(endpoint) }));
      },
      onError: (error) => setProblem(api.failed(t("list.testFailed", { name: nameOf(endpoint) }), error)),
    });
  }

  return (
    <Section
      id="webhooks-title"
      title={t("list.title")}
      status={announcement}
      alert={problem}
      action={
        canWrite && !adding ? (
          <button ref={addButton} type="button" className="button button--primary" onClick={() => setAdding(true)}>
            {t("list.add")}
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
        <Panel title={t("list.add")}>
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
      <StaffSearch name={t("list.searchName")} label={t("list.searchLabel")} onSearch={(q) => setQuery({ q, page: 1 })} />
      <StaffListResults
        query={webhooks}
        page={query.page}
        perPage={WEBHOOKS_PER_PAGE}
        onPage={(next) => setQuery((current) => ({ ...current, page: next }))}
        count={(total) => (total === undefined ? t("list.countNotRead") : t("list.count", { count: total }))}
        loading={t("list.loading")}
        failure={t("list.failure")}
        empty={query.q ? t("list.emptySearch") : t("list.empty")}
        pagerLabel={t("list.pagerLabel")}
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
                  {endpoint.enabled ? null : <span className="badge badge--cancelled">{t("list.disabledBadge")}</span>}
                  {endpoint.enabled && endpoint.failing_since ? <span className="badge badge--danger">{t("list.failingBadge")}</span> : null}
                </>
              }
            >
              <Meta>
                <code className={styles.breakAnywhere}>{endpoint.url}</code>
              </Meta>
              {endpoint.auto_disabled_at ? (
                <p className="notice notice--warning">{t("list.turnedOff", { date: when(endpoint.auto_disabled_at), days: WEBHOOK_FAILING_DAYS })}</p>
              ) : endpoint.enabled && endpoint.failing_since ? (
                <p className="notice notice--warning">
                  {t("list.failingSince", { since: when(endpoint.failing_since), until: when(afterDays(endpoint.failing_since, WEBHOOK_FAILING_DAYS)) })}
                </p>
              ) : null}
              <Facts>
                <Fact term={t("list.toldWhen")}>
                  <ul className={own.values}>
                    {endpoint.event_types.map((type) => (
                      <li key={type}>{typeWords(type, t)}</li>
                    ))}
                  </ul>
                </Fact>
                <Fact term={t("list.lastMessage")}>
                  {endpoint.last_delivery ? (
                    <>
                      <DeliveryState delivery={{ state: endpoint.last_delivery.delivered_at ? "delivered" : endpoint.last_delivery.last_status === null ? "pending" : "failing" }} />{" "}
                      {t("list.lastMessageWhat", { type: typeWords(endpoint.last_delivery.event_type, t), date: when(endpoint.last_delivery.created_at) })}
                    </>
                  ) : (
                    t("list.noneYet")
                  )}
                </Fact>
                {endpoint.previous_secret_expires_at ? (
                  <Fact term={t("list.oldSecret")}>{t("list.oldSecretUntil", { date: when(endpoint.previous_secret_expires_at) })}</Fact>
                ) : null}
              </Facts>
              <Actions>
                <button type="button" className="button" aria-expanded={logOf === endpoint.id} aria-label={t("list.deliveryLogOf", { name: nameOf(endpoint) })} onClick={() => setLogOf(logOf === endpoint.id ? null : endpoint.id)}>
                  {t("list.deliveryLog")}
                </button>
                {canWrite ? (
                  <>
                    {endpoint.enabled ? (
                      <button type="button" className="button" aria-label={t("list.sendTestTo", { name: nameOf(endpoint) })} disabled={test.isPending} onClick={() => sendTest(endpoint)}>
                        {t("list.sendTest")}
                      </button>
                    ) : null}
                    <button
                      type="button"
                      className="button"
                      aria-label={endpoint.enabled ? t("list.disableNamed", { name: nameOf(endpoint) }) : t("list.enableNamed", { name: nameOf(endpoint) })}
                      disabled={update.isPending}
                      onClick={() => setEnabled(endpoint, !endpoint.enabled)}
                    >
                      {endpoint.enabled ? t("list.disable") : t("list.enable")}
                    </button>
                    <button type="button" className="button" aria-label={t("list.newSecretFor", { name: nameOf(endpoint) })} onClick={() => rotation.ask(endpoint)}>
                      {t("list.newSecret")}
                    </button>
                    <button type="button" className="button button--danger" aria-label={t("list.deleteNamed", { name: nameOf(endpoint) })} onClick={() => deletion.ask(endpoint)}>
                      {t("list.delete")}
                    </button>
                  </>
                ) : null}
              </Actions>
              {logOf === endpoint.id ? <DeliveryLog endpoint={endpoint} canWrite={canWrite} onProblem={setProblem} onAnnounce={setAnnouncement} /> : null}
            </Card>
          ))
        }
      </StaffListResults>
      <ConfirmDialog
        {...rotation.dialog}
        title={t("list.rotateTitle", { name: rotation.subject ? nameOf(rotation.subject) : "" })}
        confirmLabel={t("list.rotateConfirm")}
        busy={rotate.isPending}
        onConfirm={confirmRotate}
      >
        <p>{t("list.rotateText", { hours: PREVIOUS_SECRET_HOURS })}</p>
      </ConfirmDialog>
      <ConfirmDialog
        {...deletion.dialog}
        title={t("list.deleteTitle", { name: deletion.subject ? nameOf(deletion.subject) : "" })}
        confirmLabel={t("list.deleteConfirm")}
        busy={remove.isPending}
        onConfirm={confirmDelete}
      >
        <p>{t("list.deleteText")}</p>
      </ConfirmDialog>
    </Section>
  );
}

function DeliveryState({ delivery }: { delivery: Pick<WebhookDelivery, "state"> }) {
  const t = useTranslations("AdminWebhooks");
  if (delivery.state === "delivered") return <span className={`badge ${hooks.delivered}`}>{t("state.delivered")}</span>;
  if (delivery.state === "failing") return <span className="badge badge--danger">{t("state.failed")}</span>;
  return <span className="badge badge--muted">{t("state.waiting")}</span>;
}

/** The signing secret, shown this once: the server keeps it sealed and never answers it again. */
function SecretOnce({ revealed, headingRef: heading, onDone }: { revealed: RevealedSecret; headingRef: RefObject<HTMLHeadingElement | null>; onDone: () => void }) {
  const t = useTranslations("AdminWebhooks");
  useEffect(() => heading.current?.focus(), [revealed, heading]);
  const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;
  return (
    <Panel title={revealed.kind === "added" ? t("secret.addedStoreNow", { name: revealed.name }) : t("secret.rotatedStoreNow", { name: revealed.name })} headingRef={heading}>
      <Facts>
        <Fact term={t("secret.signingSecret")}>
          <code className={own.secret} data-testid="webhook-secret">
            {revealed.secret}
          </code>
        </Fact>
      </Facts>
      <p>{revealed.kind === "rotated" ? t.rich("secret.giveItRotated", { hours: PREVIOUS_SECRET_HOURS, strong }) : t.rich("secret.giveIt", { strong })}</p>
      <Actions>
        <CopyButton text={revealed.secret} label={t("secret.copy")} copiedMessage={t("secret.copied")} />
        <button type="button" className="button button--primary" onClick={onDone}>
          {t("secret.done")}
        </button>
      </Actions>
    </Panel>
  );
}

/** The API names fields as its JSON does; the form says them as its labels do (its English reasons: another language has none). */
function inFormWords(message: string): string {
  return message.replace("url: ", "The address ").replace("event_types: ", "Told when: ").replace("description: ", "The description ");
}

function AddWebhookForm({ onAdded, onCancel }: { onAdded: (answer: { id: string; description: string; url: string; secret: string }) => void; onCancel: () => void }) {
  const t = useTranslations("AdminWebhooks");
  const api = useApiMessages();
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
      { onSuccess: onAdded, onError: (error) => setProblem(inFormWords(api.failed(t("add.failed"), error))) },
    );
  }

  return (
    <Form
      onSubmit={submit}
      submitLabel={t("add.submit")}
      pendingLabel={t("add.pending")}
      pending={create.isPending}
      label={t("add.formLabel")}
      actions={
        <button type="button" className="button" onClick={onCancel}>
          {t("add.cancel")}
        </button>
      }
    >
      <FormProblem message={problem} />
      <TextField label={t("add.address")} hint={t("add.addressHint")} type="url" inputMode="url" required value={url} onChange={(event) => setUrl(event.target.value)} />
      <TextField label={t("add.description")} hint={t("add.descriptionHint")} maxLength={200} value={description} onChange={(event) => setDescription(event.target.value)} />
      <fieldset className={hooks.types}>
        <legend>{t("add.toldWhen")}</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <CheckboxField
            key={type}
            label={typeWords(type, t)}
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
  const t = useTranslations("AdminWebhooks");
  const api = useApiMessages();
  const when = useWhen();
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpoint.id, page);
  const redeliver = useRedeliverWebhook();
  useLastDeliveryInStep(endpoint, page === 1 ? deliveries.data?.items[0] : undefined);

  function sendAgain(delivery: WebhookDelivery) {
    onProblem("");
    redeliver.mutate(
      { id: endpoint.id, deliveryId: delivery.id },
      {
        onSuccess: () => onAnnounce(t("log.sentAgain", { type: typeWords(delivery.event_type, t), date: when(delivery.created_at) })),
        onError: (error) => onProblem(api.failed(t("log.sendAgainFailed"), error)),
      },
    );
  }

  const heading = t("list.deliveryLogOf", { name: nameOf(endpoint) });
  if (deliveries.isPending) return <p className={hooks.log}>{t("log.loading")}</p>;
  if (deliveries.isError) return <p className={hooks.log}>{t("log.failed")}</p>;
  const { items, metadata } = deliveries.data;
  return (
    <section className={hooks.log} aria-label={heading}>
      <h4 className={hooks.logTitle}>{t("log.title")}</h4>
      {/* The daily clean-up's retention (docs/decisions/0027, "Keeping the log"); operators may set another. */}
      <p className={hooks.deliveryMeta}>{t("log.kept")}</p>
      {items.length === 0 ? (
        <p>{t("log.empty")}</p>
      ) : (
        <ol className={hooks.deliveries}>
          {items.map((delivery) => (
            <li key={delivery.id} className={hooks.delivery}>
              <div className={hooks.deliveryHead}>
                <strong>{typeWords(delivery.event_type, t)}</strong> <DeliveryState delivery={delivery} />
              </div>
              <p className={hooks.deliveryMeta}>
                {when(delivery.created_at)} · {t("log.attempts", { count: delivery.attempts })}
                {delivery.last_status !== null ? ` · ${t("log.lastAnswer", { status: String(delivery.last_status) })}` : ""}
                {/* "answered HTTP 500" says no more than the status before it. */}
                {delivery.last_error && !delivery.last_error.startsWith("answered HTTP") ? ` · ${delivery.last_error}` : ""}
                {delivery.last_error?.includes("redirects are not followed") ? ` · ${t("log.redirect")}` : ""}
              </p>
              <p className={hooks.deliveryMeta}>
                <code className={styles.breakAnywhere}>{delivery.id}</code>
              </p>
              {canWrite && endpoint.enabled && delivery.state !== "pending" ? (
                <button type="button" className="button" aria-label={t("log.sendAgainId", { id: delivery.id })} disabled={redeliver.isPending} onClick={() => sendAgain(delivery)}>
                  {t("log.sendAgain")}
                </button>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {metadata.total > DELIVERIES_PER_PAGE ? <Pager page={page} lastPage={Math.ceil(metadata.total / DELIVERIES_PER_PAGE)} onPage={setPage} label={t("log.pagerLabel", { name: nameOf(endpoint) })} /> : null}
    </section>
  );
}
