"use client";

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
  const qrCode = useQrCode(otpauthUrl);
  const confirm = useConfirmTotp();
  const heading = useRef<HTMLHeadingElement>(null);
  const setupKey = setupKeyOf(otpauthUrl);

  useEffect(() => {
    heading.current?.focus();
  }, []);


  return (
    <Panel title="Set up your authenticator app" headingRef={heading}>
      <ol className={styles.steps}>
        <li>
          <p>Open an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or 1Password) and scan this QR code.</p>
          <div className={styles.qrCode}>
            {qrCode ? (
              // A data: URL made in the browser: next/image has nothing to optimise here.
              // eslint-disable-next-line @next/next/no-img-element
              <img src={qrCode} width={192} height={192} alt="QR code for your authenticator app. If you cannot scan it, use the setup key below." />
            ) : (
              <div className={styles.qrPlaceholder} aria-hidden="true" />
            )}
          </div>
          <p className={styles.keyLabel} id="setup-key-label">
            Can’t scan it? Enter this setup key in the app instead:
          </p>
          <Actions>
            <code className={styles.setupKey} aria-labelledby="setup-key-label" data-setup-key>
              {setupKey}
            </code>
            <CopyButton text={setupKey.replace(/\s/g, "")} label="Copy key" copiedMessage="Setup key copied." />
          </Actions>
        </li>
        <li>
          <p>Enter the 6-digit code the app now shows for your account.</p>
          <CodeForm
            schema={totpCodeBodySchema}
            label="Code from the app"
            submitLabel="Turn on two-step sign-in"
            action={confirm}
            onSubmit={(code) => confirm.mutate(code, { onSuccess: ({ recovery_codes }) => onConfirmed(recovery_codes) })}
            onCancel={onCancel}
          />
        </li>
      </ol>
    </Panel>
  );
}
