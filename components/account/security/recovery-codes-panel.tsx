"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { Actions, Panel } from "@/components/ui/section";
import { CopyButton } from "./copy-button";
import styles from "./security.module.css";

type Words = ReturnType<typeof useTranslations<"AccountSecurity">>;

/** The codes as a text file a member can keep: one per line, with what they are for, in the page's language. */
export function recoveryCodesFile(t: Words, codes: readonly string[], madeAt: Date): string {
  return [t("codes.fileTitle"), t("codes.fileMadeOn", { date: madeAt.toISOString().slice(0, 10) }), "", ...codes, ""].join("\n");
}

/**
 * New recovery codes, shown this once: the server keeps only their hashes. The member copies or
 * downloads them, then says they have saved them.
 */
export function RecoveryCodesPanel({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const t = useTranslations("AccountSecurity");
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  function download() {
    const file = new Blob([recoveryCodesFile(t, codes, new Date())], { type: "text/plain;charset=utf-8" });
    const url = URL.createObjectURL(file);
    const link = document.createElement("a");
    link.href = url;
    link.download = t("codes.fileName");
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }

  return (
    <Panel title={t("codes.title")} headingRef={heading}>
      <div className="notice notice--warning">
        <p>{t.rich("codes.warning", { strong: (chunks) => <strong>{chunks}</strong> })}</p>
      </div>
      {/* role="list": Safari drops a list's role along with its markers (list-style: none). */}
      <ol className={styles.recoveryCodes} role="list" aria-label={t("codes.label")}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Actions>
        <CopyButton text={codes.join("\n")} label={t("codes.copy")} copiedMessage={t("codes.copied")} />
        <button type="button" className="button" onClick={download}>
          {t("codes.download")}
        </button>
        <button type="button" className="button button--primary" onClick={onDone}>
          {t("codes.saved")}
        </button>
      </Actions>
    </Panel>
  );
}
