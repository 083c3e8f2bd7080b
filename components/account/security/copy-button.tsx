"use client";

import { useState } from "react";

/** Copies text to the clipboard and says so (or that it could not) in a polite live region. */
export function CopyButton({ text, label, copiedMessage }: { text: string; label: string; copiedMessage: string }) {
  const [outcome, setOutcome] = useState("");
  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() => {
          navigator.clipboard.writeText(text).then(
            () => setOutcome(copiedMessage),
            () => setOutcome("Copying is not allowed here. Select the text and copy it yourself."),
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
