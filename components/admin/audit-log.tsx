"use client";

import { useState, type FormEvent } from "react";
import { failedMessage } from "@/components/account/api-messages";
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
import { SECTION_WORDS, changedFields, describeAuditEntry, shownValue } from "./audit-words";

const NO_FILTERS: AuditFilters = { q: "", section: "", from: "", to: "" };

/** In the browser's own time zone, named: the office reads the church's local time (entries are read in the browser). */
const WHEN = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" });

/**
 * The staff audit log for administrators (audit:read): every staff write, newest first, filtered by text,
 * area and days (UTC), paged; each opens to the rows it changed, column by column before and after. The
 * filtered log downloads as CSV. Nothing here can change the log: it has no write route at all.
 */
export function AuditLog() {
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
      setRangeError("Must be on or after the “From” day");
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
      setExportProblem(failedMessage("download the log", error instanceof Error ? error : new Error(String(error))));
    } finally {
      setExporting(false);
    }
  }

  return (
    <Section
      id="audit-title"
      title="What staff changed"
      action={
        <button type="button" className="button" onClick={() => void exportCsv()} disabled={exporting} aria-describedby="audit-export-hint">
          {exporting ? "Preparing…" : "Download CSV"}
        </button>
      }
    >
      <p id="audit-export-hint" className="muted">
        The download holds what the filters below show, up to the newest 10,000 entries, one line per changed row.
      </p>
      <FormProblem message={exportProblem} />
      <form className={styles.filters} role="search" aria-label="Audit log" onSubmit={apply}>
        <TextField
          label="Search"
          hint="A name, email, path or id"
          name="q"
          type="search"
          value={draft.q}
          maxLength={MAX_SEARCH_LENGTH}
          onChange={(event) => setDraft({ ...draft, q: event.target.value })}
        />
        <SelectField label="Area" value={draft.section} onChange={(event) => setDraft({ ...draft, section: event.target.value })}>
          <option value="">Every area</option>
          {AUDIT_SECTIONS.map((section) => (
            <option key={section} value={section}>
              {SECTION_WORDS[section]}
            </option>
          ))}
        </SelectField>
        <TextField label="From (UTC)" type="date" value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
        <TextField label="To (UTC)" type="date" value={draft.to} error={rangeError} onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        <div className={styles.filterActions}>
          <button type="submit" className="button button--primary">
            Show
          </button>
          <button type="button" className="button" onClick={clear}>
            Clear
          </button>
        </div>
      </form>
      <StaffListResults
        query={entries}
        page={page}
        perPage={AUDIT_ENTRIES_PER_PAGE}
        onPage={setPage}
        count={["entry", "entries"]}
        loading="Loading the log…"
        failure="We couldn’t load the log"
        empty={filters === NO_FILTERS ? "No staff change has been recorded yet." : "No entry matches these filters."}
        pagerLabel="Pages of the log"
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
  const changed = entry.changes.length;
  const fields = changedFields(entry);
  return (
    <Card as="li" title={describeAuditEntry(entry)}>
      <Meta>
        <time dateTime={entry.at}>{WHEN.format(new Date(entry.at))}</time>
        {entry.actor.email ? ` · ${entry.actor.email}` : ""}
      </Meta>
      {fields ? <p>Changed: {fields}</p> : null}
      {changed === 0 ? <Meta>It changed nothing (it was so already).</Meta> : null}
      <details>
        <summary>The exact record{changed > 0 ? ` (${changed} ${changed === 1 ? "row" : "rows"} changed)` : ""}</summary>
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

const OPERATION_WORDS: Record<AuditChange["operation"], string> = { insert: "added", update: "changed", delete: "removed" };

/** One changed row: its columns before and after (on a change, only those that changed). */
function ChangeTable({ change }: { change: AuditChange }) {
  const columns = [...new Set([...Object.keys(change.before ?? {}), ...Object.keys(change.after ?? {})])];
  return (
    <div className={styles.change}>
      <table>
        <caption>
          {change.table} {change.id}: {OPERATION_WORDS[change.operation]}
        </caption>
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
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
