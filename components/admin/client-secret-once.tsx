"use client";

import { useEffect, type RefObject } from "react";
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
  useEffect(() => heading.current?.focus(), [revealed, heading]);
  const title = revealed.secret
    ? revealed.kind === "registered"
      ? `“${revealed.name}” is registered: store its secret now`
      : `The new secret of “${revealed.name}”: store it now`
    : `“${revealed.name}” is registered`;
  return (
    <Panel title={title} headingRef={heading}>
      <Facts>
        <Fact term="Client id">
          <code className={own.secret}>{revealed.clientId}</code>
        </Fact>
        {revealed.secret ? (
          <Fact term="Client secret">
            <code className={own.secret} data-testid="client-secret">
              {revealed.secret}
            </code>
          </Fact>
        ) : null}
      </Facts>
      {revealed.secret ? (
        <p>
          Give both to the app’s developer by a safe way, such as a password manager. <strong>You will not see this secret again:</strong> we keep only a
          fingerprint of it. If it is lost, give the app a new secret.
          {revealed.kind === "rotated" ? " The old secret stops working within a few seconds." : ""}
        </p>
      ) : revealed.kioskCampus ? (
        <p>
          It is the check-in kiosk of {revealed.kioskCampus}, so it has no secret. To set up a tablet, open{" "}
          <a href={`/kiosk?client=${encodeURIComponent(revealed.clientId)}`} className={own.address}>{`/kiosk?client=${revealed.clientId}`}</a> on it and choose “Set up this
          kiosk”; a volunteer allows it at /device with the code it shows.
        </p>
      ) : (
        <p>It is a public app, so it has no secret: give its developer the client id.</p>
      )}
      <Actions>
        {revealed.secret ? <CopyButton text={revealed.secret} label="Copy the secret" copiedMessage="The secret is copied." /> : null}
        <button type="button" className="button button--primary" onClick={onDone}>
          {revealed.secret ? "Done: I have stored it" : "Done"}
        </button>
      </Actions>
    </Panel>
  );
}
