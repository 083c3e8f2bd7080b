"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

/** Copies text to the clipboard and says so (or that it could not) in a polite live region. */
export function CopyButton({ text, label, copiedMessage }: { text: string; label: string; copiedMessage: string }) {
  const t = useTranslations("AccountSecurity");
  const [outcome, setOutcome] = useState("");
  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() => {
          navigator.clipboard.writeText(text).then(
            () => setOutcome(copiedMessage),
            () => setOutcome(t("copyNotAllowed")),
          );
        }}
      >
        {label}
      </button>
      <span role="status" className="muted">
        {outcome}
      </span>
    </>
  );
}
