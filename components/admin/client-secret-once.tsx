"use client";

import { useTranslations } from "next-intl";
import { useEffect, type ReactNode, type RefObject } from "react";
import { CopyButton } from "@/components/account/security/copy-button";
import { Actions, Fact, Facts, Panel } from "@/components/ui/section";
import own from "./clients.module.css";

/** What an answer with a secret leaves on the page until it is dismissed: never stored anywhere else. */
export interface RevealedSecret {
  clientId: string;
  name: string;
  secret: string | null;
  /** Registered just now, or a new secret for an app that had one. */
  kind: "registered" | "rotated";
  /** A check-in kiosk's campus, when one was registered: its tablets are set up, not handed to a developer. */
  kioskCampus?: string | null;
}

/**
 * A client secret, shown this once: the server keeps only its hash, so neither this page nor the API can
 * show it again. The heading takes focus, so a keyboard or screen reader user lands on it; "Done" drops it.
 */
export function ClientSecretOnce({ revealed, headingRef: heading, onDone }: { revealed: RevealedSecret; headingRef: RefObject<HTMLHeadingElement | null>; onDone: () => void }) {
  const t = useTranslations("AdminClients");
  useEffect(() => heading.current?.focus(), [revealed, heading]);
  const name = revealed.name;
  const title = revealed.secret
    ? revealed.kind === "registered"
      ? t("secret.registeredStoreNow", { name })
      : t("secret.rotatedStoreNow", { name })
    : t("secret.registered", { name });
  const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;
  return (
    <Panel title={title} headingRef={heading}>
      <Facts>
        <Fact term={t("secret.clientId")}>
          <code className={own.secret}>{revealed.clientId}</code>
        </Fact>
        {revealed.secret ? (
          <Fact term={t("secret.clientSecret")}>
            <code className={own.secret} data-testid="client-secret">
              {revealed.secret}
            </code>
          </Fact>
        ) : null}
      </Facts>
      {revealed.secret ? (
        <p>{revealed.kind === "rotated" ? t.rich("secret.giveBothRotated", { strong }) : t.rich("secret.giveBoth", { strong })}</p>
      ) : revealed.kioskCampus ? (
        <p>
          {t.rich("secret.kiosk", {
            campus: revealed.kioskCampus,
            address: `/kiosk?client=${revealed.clientId}`,
            link: (chunks: ReactNode) => (
              <a href={`/kiosk?client=${encodeURIComponent(revealed.clientId)}`} className={own.address}>
                {chunks}
              </a>
            ),
          })}
        </p>
      ) : (
        <p>{t("secret.public")}</p>
      )}
      <Actions>
        {revealed.secret ? <CopyButton text={revealed.secret} label={t("secret.copy")} copiedMessage={t("secret.copied")} /> : null}
        <button type="button" className="button button--primary" onClick={onDone}>
          {revealed.secret ? t("secret.doneStored") : t("secret.done")}
        </button>
      </Actions>
    </Panel>
  );
}
