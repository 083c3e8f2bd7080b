"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Panel, Section } from "@/components/ui/section";
import type { DataRequest } from "@/lib/privacy/schemas";
import { useApiMessages } from "../api-messages";
import { useRequestExport, useSaveExport } from "./privacy-queries";

/**
 * A copy of everything the church keeps about the member, made at once and saved as a JSON file. The
 * copy just made gets its own download button, which takes focus; older copies are under "Your requests".
 */
export function ExportSection() {
  const t = useTranslations("AccountPrivacy");
  const api = useApiMessages();
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
        setAnnouncement(t("export.ready"));
      },
      onError: (error) => setFailure(api.wait(error) ?? api.failed(t("export.makeFailed"), error)),
    });
  }

  function download(request: DataRequest) {
    if (save.isPending) return;
    setFailure("");
    save.mutate(request, { onError: (error) => setFailure(api.failed(t("downloadFailed"), error)) });
  }

  return (
    <Section id="export-title" title={t("export.title")} status={announcement} alert={failure}>
      <p>{t("export.explain")}</p>
      {ready ? <ReadyPanel request={ready} saving={save.isPending} onDownload={() => download(ready)} /> : null}
      <button type="button" className={ready ? "button" : "button button--primary"} aria-disabled={requestExport.isPending || undefined} onClick={makeCopy}>
        {requestExport.isPending ? t("export.making") : ready ? t("export.makeNew") : t("export.make")}
      </button>
    </Section>
  );
}

function ReadyPanel({ request, saving, onDownload }: { request: DataRequest; saving: boolean; onDownload: () => void }) {
  const t = useTranslations("AccountPrivacy");
  const button = useRef<HTMLButtonElement>(null);
  // The button that made the copy is still there, but the next step is this one: take the member to it.
  useEffect(() => button.current?.focus(), [request.id]);
  return (
    <Panel title={t("export.readyTitle")}>
      <p>{t("export.keepSafe")}</p>
      <button ref={button} type="button" className="button button--primary" aria-disabled={saving || undefined} onClick={onDownload}>
        {saving ? t("downloading") : t("export.download")}
      </button>
    </Panel>
  );
}
