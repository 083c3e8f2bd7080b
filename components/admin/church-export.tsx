"use client";

import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { useApiMessages } from "@/components/account/api-messages";
import { Section } from "@/components/ui/section";
import { adminExportChurch } from "@/lib/church-export/endpoints";
import { portalDownload } from "@/lib/portal-api/client";

/** The download's address under the portal's relay, from its definition. */
const EXPORT_PATH = adminExportChurch.path.slice("/api/v1/".length);

/**
 * The whole church in one download (GET /api/v1/admin/export, administrators): what it holds, in the office's
 * words, and one button. The file is made as it is read, so a large church waits a little; the button says so
 * while it works, and how it went is said in the section's live regions.
 */
const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

export function ChurchExport() {
  const t = useTranslations("AdminExport");
  const api = useApiMessages();
  const [downloading, setDownloading] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState("");

  async function download() {
    if (downloading) return;
    setAnnouncement("");
    setFailure("");
    setDownloading(true);
    try {
      const { file, name } = await portalDownload(EXPORT_PATH, "church-export.zip");
      const link = document.createElement("a");
      link.href = URL.createObjectURL(file);
      link.download = name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 1_000);
      setAnnouncement(t("ready", { name }));
    } catch (error) {
      setFailure(api.failed(t("failed"), error instanceof Error ? error : new Error(String(error))));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <>
      <Section id="export-holds-title" title={t("holdsTitle")}>
        <ul className="link-list">
          <li>{t.rich("people", { strong })}</li>
          <li>{t.rich("households", { strong })}</li>
          <li>{t.rich("events", { strong })}</li>
          <li>{t.rich("signUps", { strong })}</li>
          <li>{t.rich("attendance", { strong })}</li>
        </ul>
        <p>{t("format")}</p>
      </Section>
      <Section id="export-download-title" title={t("downloadTitle")} status={announcement} alert={failure}>
        <div className="notice notice--warning">
          <p>{t("warning")}</p>
        </div>
        <p>
          <button type="button" className="button button--primary" aria-disabled={downloading || undefined} aria-describedby="export-wait-hint" onClick={() => void download()}>
            {downloading ? t("preparing") : t("download")}
          </button>
        </p>
        <p id="export-wait-hint" className="muted">
          {t("wait")}
        </p>
      </Section>
    </>
  );
}
