"use client";

import { useEffect, useRef } from "react";
import { Actions, Panel } from "@/components/ui/section";
import { CopyButton } from "./copy-button";
import styles from "./security.module.css";

/** The codes as a text file a member can keep: one per line, with what they are for. */
export function recoveryCodesFile(codes: readonly string[], madeAt: Date): string {
  return [
    "Recovery codes for your church account",
    `Made on ${madeAt.toISOString().slice(0, 10)}. Each code works once, instead of a code from your authenticator app.`,
    "",
    ...codes,
    "",
  ].join("\n");
}

/**
 * New recovery codes, shown this once: the server keeps only their hashes. The member copies or
 * downloads them, then says they have saved them.
 */
export function RecoveryCodesPanel({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  function download() {
    const file = new Blob([recoveryCodesFile(codes, new Date())], { type: "text/plain;charset=utf-8" });
    const url = URL.createObjectURL(file);
    const link = document.createElement("a");
    link.href = url;
    link.download = "recovery-codes.txt";
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }

  return (
    <Panel title="Save your recovery codes" headingRef={heading}>
      <div className="notice notice--warning">
        <p>
          If you lose your phone, each of these codes lets you sign in once instead of a code from the app. Keep them somewhere safe, such as a
          password manager. <strong>You will not see them again.</strong>
        </p>
      </div>
      {/* role="list": Safari drops a list's role along with its markers (list-style: none). */}
      <ol className={styles.recoveryCodes} role="list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Actions>
        <CopyButton text={codes.join("\n")} label="Copy codes" copiedMessage="Recovery codes copied." />
        <button type="button" className="button" onClick={download}>
          Download codes
        </button>
        <button type="button" className="button button--primary" onClick={onDone}>
          I’ve saved my codes
        </button>
      </Actions>
    </Panel>
  );
}
