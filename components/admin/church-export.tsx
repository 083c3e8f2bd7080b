"use client";

import { useState } from "react";
import { failedMessage } from "@/components/account/api-messages";
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
export function ChurchExport() {
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
      setAnnouncement(`Your download is ready: ${name}, in your browser’s downloads.`);
    } catch (error) {
      setFailure(failedMessage("prepare the download", error instanceof Error ? error : new Error(String(error))));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <>
      <Section id="export-holds-title" title="What the download holds">
        <ul className="link-list">
          <li>
            <strong>People:</strong> everyone with an account (names, email addresses, phone numbers, birth dates, roles and household) and every
            record of your membership register.
          </li>
          <li>
            <strong>Households:</strong> who is in each household, as an adult or a child, the notes about children, and who is whose parent or
            guardian.
          </li>
          <li>
            <strong>Events:</strong> every event, published or not, with its dates and times, place, campus, ministry and series, and whether it
            was cancelled or moved; your series, campuses and ministries too.
          </li>
          <li>
            <strong>Sign-ups:</strong> who signed up for which event, and who is waiting for a place, in order.
          </li>
          <li>
            <strong>Attendance:</strong> every check-in and check-out: who, where, when and how.
          </li>
        </ul>
        <p>
          It comes as one zipped folder. Each list is in it twice: as a spreadsheet that Excel, Numbers or Google Sheets opens, and as a file other
          church software can read. A note inside, README.txt, says what every file holds.
        </p>
      </Section>
      <Section id="export-download-title" title="Download" status={announcement} alert={failure}>
        <div className="notice notice--warning">
          <p>
            It never holds passwords, sign-in codes or other keys, but it does hold the personal details of everyone in your church. Keep it
            somewhere safe, and delete it when you no longer need it. Each download is recorded in the audit log.
          </p>
        </div>
        <p>
          <button type="button" className="button button--primary" aria-disabled={downloading || undefined} aria-describedby="export-wait-hint" onClick={() => void download()}>
            {downloading ? "Preparing your download…" : "Download all of your church’s data"}
          </button>
        </p>
        <p id="export-wait-hint" className="muted">
          A large church may take a minute or two.
        </p>
      </Section>
    </>
  );
}
