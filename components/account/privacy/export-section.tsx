"use client";

import { useEffect, useRef, useState } from "react";
import { Panel, Section } from "@/components/ui/section";
import type { DataRequest } from "@/lib/privacy/schemas";
import { failedMessage, waitMessage } from "../api-messages";
import { useRequestExport, useSaveExport } from "./privacy-queries";

/**
 * A copy of everything the church keeps about the member, made at once and saved as a JSON file. The
 * copy just made gets its own download button, which takes focus; older copies are under "Your requests".
 */
export function ExportSection() {
  const requestExport = useRequestExport();
  const save = useSaveExport();
  const [ready, setReady] = useState<DataRequest | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState("");

  function makeCopy() {
    if (requestExport.isPending) return;
    setAnnouncement("");
    setFailure("");
    requestExport.mutate(undefined, {
      onSuccess: (request) => {
        setReady(request);
        setAnnouncement("Your copy is ready to download.");
      },
      onError: (error) => setFailure(waitMessage(error) ?? failedMessage("make a copy of your data", error)),
    });
  }

  function download(request: DataRequest) {
    if (save.isPending) return;
    setFailure("");
    save.mutate(request, { onError: (error) => setFailure(failedMessage("download your copy", error)) });
  }

  return (
    <Section id="export-title" title="Get a copy of your data" status={announcement} alert={failure}>
      <p>
        One file (JSON) with everything we keep about you: your profile, where you signed in, the apps you allowed, your security history and
        your requests. It never holds your password or codes.
      </p>
      {ready ? <ReadyPanel request={ready} saving={save.isPending} onDownload={() => download(ready)} /> : null}
      <button type="button" className={ready ? "button" : "button button--primary"} aria-disabled={requestExport.isPending || undefined} onClick={makeCopy}>
        {requestExport.isPending ? "Making your copy…" : ready ? "Make a new copy" : "Make a copy of my data"}
      </button>
    </Section>
  );
}

function ReadyPanel({ request, saving, onDownload }: { request: DataRequest; saving: boolean; onDownload: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  // The button that made the copy is still there, but the next step is this one: take the member to it.
  useEffect(() => button.current?.focus(), [request.id]);
  return (
    <Panel title="Your copy is ready">
      <p>Keep the file somewhere safe: it holds your personal details.</p>
      <button ref={button} type="button" className="button button--primary" aria-disabled={saving || undefined} onClick={onDownload}>
        {saving ? "Downloading…" : "Download your copy"}
      </button>
    </Panel>
  );
}
