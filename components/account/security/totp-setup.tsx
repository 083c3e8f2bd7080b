"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { Actions, Panel } from "@/components/ui/section";
import { totpCodeBodySchema } from "@/lib/mfa/schemas";
import { CodeForm } from "../code-form";
import { CopyButton } from "./copy-button";
import { useConfirmTotp } from "./security-queries";
import { useQrCode } from "./use-qr-code";
import styles from "./security.module.css";

/** The secret of an otpauth:// URL, in groups of four so it can be typed into an app by hand. */
export function setupKeyOf(otpauthUrl: string): string {
  const secret = new URL(otpauthUrl).searchParams.get("secret") ?? "";
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/**
 * Step 2 of turning on two-step sign-in: the new secret as a QR code and as a key to type, then the first
 * code from the app. The secret lives only in this component's props: it is never stored in the browser,
 * and a member who leaves simply starts again.
 */
export function TotpSetup({ otpauthUrl, onConfirmed, onCancel }: { otpauthUrl: string; onConfirmed: (recoveryCodes: string[]) => void; onCancel: () => void }) {
  const t = useTranslations("AccountSecurity");
  const qrCode = useQrCode(otpauthUrl);
  const confirm = useConfirmTotp();
  const heading = useRef<HTMLHeadingElement>(null);
  const setupKey = setupKeyOf(otpauthUrl);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <Panel title={t("totp.title")} headingRef={heading}>
      <ol className={styles.steps}>
        <li>
          <p>{t("totp.scan")}</p>
          <div className={styles.qrCode}>
            {qrCode ? (
              // A data: URL made in the browser: next/image has nothing to optimise here.
              // eslint-disable-next-line @next/next/no-img-element
              <img src={qrCode} width={192} height={192} alt={t("totp.qrAlt")} />
            ) : (
              <div className={styles.qrPlaceholder} aria-hidden="true" />
            )}
          </div>
          <p className={styles.keyLabel} id="setup-key-label">
            {t("totp.cantScan")}
          </p>
          <Actions>
            <code className={styles.setupKey} aria-labelledby="setup-key-label" data-setup-key>
              {setupKey}
            </code>
            <CopyButton text={setupKey.replace(/\s/g, "")} label={t("totp.copyKey")} copiedMessage={t("totp.keyCopied")} />
          </Actions>
        </li>
        <li>
          <p>{t("totp.enterCode")}</p>
          <CodeForm
            schema={totpCodeBodySchema}
            label={t("totp.codeLabel")}
            submitLabel={t("totp.turnOn")}
            action={confirm}
            onSubmit={(code) => confirm.mutate(code, { onSuccess: ({ recovery_codes }) => onConfirmed(recovery_codes) })}
            onCancel={onCancel}
          />
        </li>
      </ol>
    </Panel>
  );
}
