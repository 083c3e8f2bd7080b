"use client";

import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState, type FormEvent } from "react";
import { useApiMessages } from "@/components/account/api-messages";
import { FormProblem } from "@/components/ui/form-problem";
import { Card, Meta, Section } from "@/components/ui/section";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { AUDIT_SECTIONS, type AdminAuditEntry, type AuditChange } from "@/lib/audit/staff-schemas";
import { portalDownload } from "@/lib/portal-api/client";
import { MAX_SEARCH_LENGTH } from "@/lib/staff-lists/schemas";
import styles from "./audit-log.module.css";
import { StaffListResults } from "./staff-list-results";
import { AUDIT_ENTRIES_PER_PAGE, auditSearch, useAuditEntries, type AuditFilters } from "./audit-queries";
import { changedFields, describeAuditEntry, sectionWords, shownValue } from "./audit-words";

const NO_FILTERS: AuditFilters = { q: "", section: "", from: "", to: "" };

/** In the browser's own time zone, named: the office reads the church's local time (entries are read in the browser). */
function useWhen(): Intl.DateTimeFormat {
  const locale = useLocale();
  return useMemo(() => new Intl.DateTimeFormat(locale, { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" }), [locale]);
}

/**
 * The staff audit log for administrators (audit:read): every staff write, newest first, filtered by text,
 * area and days (UTC), paged; each opens to the rows it changed, column by column before and after. The
 * filtered log downloads as CSV. Nothing here can change the log: it has no write route at all.
 */
export function AuditLog() {
  const t = useTranslations("AdminAudit");
  const api = useApiMessages();
  const [draft, setDraft] = useState(NO_FILTERS);
  const [filters, setFilters] = useState(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [rangeError, setRangeError] = useState("");
  const [exportProblem, setExportProblem] = useState("");
  const [exporting, setExporting] = useState(false);
  const entries = useAuditEntries(filters, page);

  function apply(event: FormEvent) {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setRangeError(t("log.fromAfterTo"));
      return;
    }
    setRangeError("");
    setFilters({ ...draft, q: draft.q.trim().slice(0, MAX_SEARCH_LENGTH) });
    setPage(1);
  }

  function clear() {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
    setRangeError("");
    setPage(1);
  }

  async function exportCsv() {
    setExportProblem("");
    setExporting(true);
    try {
      const { file, name } = await portalDownload(`admin/audit/export?${auditSearch(filters).toString()}`, "staff-audit.csv");
      const link = document.createElement("a");
      link.href = URL.createObjectURL(file);
      link.download = name;
      link.click();
      URL.revokeObjectURL(link.href);
    } catch (error) {
      setExportProblem(api.failed(t("log.downloadFailed"), error instanceof Error ? error : new Error(String(error))));
    } finally {
      setExporting(false);
    }
  }

  return (
    <Section
      id="audit-title"
      title={t("log.title")}
      action={
        <button type="button" className="button" onClick={() => void exportCsv()} disabled={exporting} aria-describedby="audit-export-hint">
          {exporting ? t("log.preparing") : t("log.download")}
        </button>
      }
    >
      <p id="audit-export-hint" className="muted">
        {t("log.downloadHint")}
      </p>
      <FormProblem message={exportProblem} />
      <form className={styles.filters} role="search" aria-label={t("log.filtersLabel")} onSubmit={apply}>
        <TextField
          label={t("log.search")}
          hint={t("log.searchHint")}
          name="q"
          type="search"
          value={draft.q}
          maxLength={MAX_SEARCH_LENGTH}
          onChange={(event) => setDraft({ ...draft, q: event.target.value })}
        />
        <SelectField label={t("log.area")} value={draft.section} onChange={(event) => setDraft({ ...draft, section: event.target.value })}>
          <option value="">{t("log.everyArea")}</option>
          {AUDIT_SECTIONS.map((section) => (
            <option key={section} value={section}>
              {sectionWords(section, t)}
            </option>
          ))}
        </SelectField>
        <TextField label={t("log.from")} type="date" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
        <TextField label={t("log.to")} type="date" value={draft.to} error={rangeError} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        <div className={styles.filterActions}>
          <button type="submit" className="button button--primary">
            {t("log.show")}
          </button>
          <button type="button" className="button" onClick={clear}>
            {t("log.clear")}
          </button>
        </div>
      </form>
      <StaffListResults
        query={entries}
        page={page}
        perPage={AUDIT_ENTRIES_PER_PAGE}
        onPage={setPage}
        count={(total) => (total === undefined ? t("log.countNotRead") : t("log.count", { count: total }))}
        loading={t("log.loading")}
        failure={t("log.failure")}
        empty={filters === NO_FILTERS ? t("log.empty") : t("log.emptyFiltered")}
        pagerLabel={t("log.pagerLabel")}
      >
        {(items) =>
          items.map((entry) => (
            <AuditEntryCard key={entry.id} entry={entry} />
          ))
        }
      </StaffListResults>
    </Section>
  );
}

function AuditEntryCard({ entry }: { entry: AdminAuditEntry }) {
  const t = useTranslations("AdminAudit");
  const when = useWhen();
  const changed = entry.changes.length;
  const fields = changedFields(entry);
  return (
    <Card as="li" title={describeAuditEntry(entry, t)}>
      <Meta>
        <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
        {entry.actor.email ? ` · ${entry.actor.email}` : ""}
      </Meta>
      {fields ? <p>{t("log.changed", { fields })}</p> : null}
      {changed === 0 ? <Meta>{t("log.changedNothing")}</Meta> : null}
      <details>
        <summary>{changed > 0 ? t("log.exactRecordRows", { count: changed }) : t("log.exactRecord")}</summary>
        <Meta>
          <code className={styles.path}>
            {entry.method} {entry.path}
          </code>
        </Meta>
        {entry.changes.map((change, index) => (
          <ChangeTable key={`${change.table}-${change.id}-${index}`} change={change} />
        ))}
      </details>
    </Card>
  );
}

/** One changed row: its columns before and after (on a change, only those that changed). */
function ChangeTable({ change }: { change: AuditChange }) {
  const t = useTranslations("AdminAudit");
  const columns = [...new Set([...Object.keys(change.before ?? {}), ...Object.keys(change.after ?? {})])];
  return (
    <div className={styles.change}>
      <table>
        <caption>
          {t("log.changeCaption", { table: change.table, id: change.id, operation: change.operation })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t("log.column")}</th>
            <th scope="col">{t("log.before")}</th>
            <th scope="col">{t("log.after")}</th>
          </tr>
        </thead>
        <tbody>
          {columns.map((column) => (
            <tr key={column}>
              <th scope="row">{column}</th>
              <td>{change.before ? shownValue(change.before[column]) : "—"}</td>
              <td>{change.after ? shownValue(change.after[column]) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
