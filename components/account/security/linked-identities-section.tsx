"use client";

import { useTranslations } from "next-intl";
import { useCallback, useRef, useState } from "react";
import { ConfirmDialog, useConfirmation, useFocusAfterClose } from "@/components/ui/confirm-dialog";
import { Actions, Card, CardList, Fact, Facts, QueryStates, Section } from "@/components/ui/section";
import type { FederationProviderSummary, LinkedIdentity } from "@/lib/federation/schemas";
import { PortalApiError } from "@/lib/portal-api/client";
import { useApiMessages } from "../api-messages";
import { LocalDate, LocalDateTime } from "../local-time";
import { useLinkedIdentities, useRemoveLinkedIdentity } from "./linked-identities-queries";
import styles from "./security.module.css";
import { AlertMessage, StatusMessage } from "@/components/ui/live-messages";

export interface FederationNotice {
  tone: "success" | "error";
  text: string;
}

/**
 * Accounts at other providers (docs/decisions/0014) that can sign the member in with "Continue with":
 * each one with its masked email and dates, removable after a confirmation. "Link" is a plain form to
 * the authorization server, which sends the member to the provider and back to a confirmation page;
 * nothing is linked without that confirmation, and never by matching an email address.
 */
export function LinkedIdentitiesSection({
  providers,
  csrfToken,
  notice,
}: {
  providers: FederationProviderSummary[];
  csrfToken: string;
  /** What happened on the way back from a link attempt (the page reads it from the query). */
  notice: FederationNotice | null;
}) {
  const t = useTranslations("AccountSecurity");
  const api = useApiMessages();
  const identities = useLinkedIdentities();
  const remove = useRemoveLinkedIdentity();
  const removal = useConfirmation<LinkedIdentity>();
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  // The removed identity's button goes with it: the section's heading takes focus instead.
  const focusAfterClose = useFocusAfterClose(removal.open);

  // Back from a link attempt: the outcome is what the member came to read, so it takes focus whenever its
  // element is put in the page (a callback ref, so a re-mounted notice takes it again), and once more after
  // the page has settled if nothing holds focus then (a fresh-clone run saw it lost during start-up).
  // Until the member does something (a key or a pointer), anything else that takes focus during the first
  // seconds of the page (start-up code, a late render) hands it back: a fresh-clone run saw it taken once more.
  const focusNotice = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    element.focus();
    const again = () => {
      if (element.isConnected && (document.activeElement === null || document.activeElement === document.body)) element.focus();
    };
    if (document.readyState === "complete") requestAnimationFrame(() => requestAnimationFrame(again));
    else window.addEventListener("load", () => requestAnimationFrame(again), { once: true });
    const taken = (event: FocusEvent) => {
      // A field being typed into is the member's (or their password manager's) choice: left alone.
      const field = event.target instanceof HTMLElement && event.target.matches("input, textarea, select, [contenteditable]");
      if (element.isConnected && event.target !== element && !field) element.focus();
    };
    const stop = () => {
      document.removeEventListener("focusin", taken);
      document.removeEventListener("keydown", stop, true);
      document.removeEventListener("pointerdown", stop, true);
    };
    document.addEventListener("focusin", taken);
    document.addEventListener("keydown", stop, true);
    document.addEventListener("pointerdown", stop, true);
    setTimeout(stop, 3_000);
  }, []);

  function confirmRemoval() {
    const identity = removal.subject;
    if (!identity || remove.isPending) return;
    setAnnouncement("");
    setFailure("");
    remove.mutate(identity, {
      onSuccess: () => {
        focusAfterClose(() => heading.current);
        removal.close();
        setAnnouncement(t("linked.unlinked", { provider: identity.provider_name }));
      },
      onError: (error) => {
        removal.close();
        setFailure(
          error instanceof PortalApiError && error.code === "not_found"
            ? t("linked.alreadyUnlinked")
            : api.failed(t("linked.unlinkFailed", { provider: identity.provider_name }), error),
        );
      },
    });
  }

  // Nothing to link and nothing linked: a section that could only ever say so is left out.
  if (providers.length === 0 && notice === null && !identities.data?.identities.length) return null;

  return (
    <Section
      id="linked-identities-title"
      title={t("linked.title")}
      headingRef={heading}
      description={t("linked.description")}
    >
      {notice ? (
        <div key={notice.text} ref={focusNotice} tabIndex={-1} role={notice.tone === "error" ? "alert" : "status"} className={notice.tone === "error" ? "notice notice--error" : "notice"}>
          <p>{notice.text}</p>
        </div>
      ) : null}
      <StatusMessage message={announcement} />
      <AlertMessage message={failure} />
      <QueryStates
        query={identities}
        loading={t("linked.loading")}
        failure={t("linked.loadFailed")}
        empty={(data) => data.identities.length === 0 && t("linked.empty")}
      >
        {(data) => (
          <CardList>
            {data.identities.map((identity) => (
              <li key={identity.id}>
                <IdentityCard
                  identity={identity}
                  onRemove={() => {
                    setFailure("");
                    removal.ask(identity);
                  }}
                />
              </li>
            ))}
          </CardList>
        )}
      </QueryStates>
      {providers.length > 0 ? (
        <ul role="list" className={styles.linkProviders}>
          {providers.map((provider) => (
            <li key={provider.id}>
              <form method="post" action="/auth/federated/start">
                <input type="hidden" name="csrf_token" value={csrfToken} />
                <input type="hidden" name="intent" value="link" />
                <button type="submit" name="provider" value={provider.id} className="button">
                  {t("linked.link", { provider: provider.displayName })}
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t("linked.notSetUp")}</p>
      )}
      <ConfirmDialog
        {...removal.dialog}
        title={removal.subject ? t("linked.removeTitle", { provider: removal.subject.provider_name }) : t("linked.removeTitleAny")}
        confirmLabel={t("linked.remove")}
        busy={remove.isPending}
        onConfirm={confirmRemoval}
      >
        <p>
          {removal.subject ? t("linked.removeText", { provider: removal.subject.provider_name }) : null}
        </p>
      </ConfirmDialog>
    </Section>
  );
}

function IdentityCard({ identity, onRemove }: { identity: LinkedIdentity; onRemove: () => void }) {
  const t = useTranslations("AccountSecurity");
  return (
    <Card titleId={`linked-identity-${identity.id}`} title={identity.provider_name}>
      <Facts>
        <Fact term={t("linked.emailThere")}>{identity.email ?? t("linked.notShared")}</Fact>
        <Fact term={t("linked.linkedOn")}>
          <LocalDate iso={identity.linked_at} />
        </Fact>
        <Fact term={t("linked.lastUsed")}>{identity.last_used_at ? <LocalDateTime iso={identity.last_used_at} /> : t("linked.never")}</Fact>
      </Facts>
      <Actions>
        <button type="button" className="button button--danger-outline" onClick={onRemove}>
          {t.rich("linked.removeNamed", { provider: identity.provider_name, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> })}
        </button>
      </Actions>
    </Card>
  );
}
