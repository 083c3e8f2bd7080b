"use client";

import { useState, type ChangeEvent } from "react";
import { FormProblem } from "@/components/ui/form-problem";
import { Section } from "@/components/ui/section";
import { SelectField } from "@/components/ui/select-field";
import type { PeopleColumnMapping, PersonField } from "@/lib/people-import/people-columns";
import { UPLOAD_MAX_BYTES } from "@/lib/people-import/people-import-rules";
import type { PeopleImportAnswer } from "@/lib/people-import/schemas";
import { base64Of } from "./file-base64";
import { splitRefusal } from "./household-refusal";
import { InviteOutcomeNotice } from "./invite-outcome";
import { useInvitationWrites } from "./invitations-queries";
import { usePeopleImport, usePeopleImports, usePeopleImportWrites } from "./people-import-queries";
import countStyles from "./count-cards.module.css";
import styles from "./people-import.module.css";

/** The register's fields an import fills, in the office's words, in the order the columns are chosen. */
const FIELD_LABELS: [PersonField, string][] = [
  ["given_name", "First name"],
  ["family_name", "Last name"],
  ["nickname", "Goes by"],
  ["birth_date", "Birth date"],
  ["email", "Email"],
  ["mobile_phone", "Mobile phone"],
  ["home_phone", "Home phone"],
  ["household_id", "Household number"],
  ["household_name", "Household name"],
  ["remote_id", "Their number in the other system"],
];

const SOURCE_WORDS: Record<PeopleImportAnswer["source"], string> = {
  planning_center: "a Planning Center People export",
  breeze: "a Breeze export",
  churchsuite: "a ChurchSuite export",
  other: "a spreadsheet",
};

const STATUS_WORDS: Record<PeopleImportAnswer["status"], string> = {
  ready: "Checked, not imported",
  running: "Importing",
  done: "Imported",
  failed: "Stopped",
  undone: "Undone",
};

const counted = (count: number, one: string, other: string) => `${count.toLocaleString()} ${count === 1 ? one : other}`;
const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: "numeric", month: "long", year: "numeric" });

/** A cell of the problems' download: quoted, and a leading = + - @ made plain text so a spreadsheet never runs it. */
function csvCell(value: string | number | null): string {
  const text = value === null ? "" : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

function downloadProblems(found: PeopleImportAnswer) {
  const lines = [["Row", "Column", "Problem", "Kind"], ...found.problems.map((problem) => [problem.row, problem.column, problem.message, problem.severity === "error" ? "Left out" : "Imported anyway"])];
  const file = new Blob([`\uFEFF${lines.map((line) => line.map(csvCell).join(",")).join("\r\n")}\r\n`], { type: "text/csv;charset=utf-8" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(file);
  link.download = `${found.file_name.replace(/\.[^.]+$/, "")}-problems.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1_000);
}

/**
 * Staff › Import people (issue 40): a file from Planning Center, Breeze, ChurchSuite or a spreadsheet, checked
 * before anything changes (what would be added, updated or left out, and why), its columns chosen where they
 * were not recognised, imported with a progress bar that survives a reload, and undone within 30 days.
 */
export function PeopleImport({ initialId }: { initialId: string | null }) {
  const [currentId, setCurrentId] = useState(initialId);
  const open = (id: string) => {
    setCurrentId(id);
    // The address names the import, so a reload comes back to it.
    window.history.replaceState(null, "", `/admin/import?import=${encodeURIComponent(id)}`);
  };
  const writes = usePeopleImportWrites((found) => open(found.id));
  const current = usePeopleImport(currentId);
  return (
    <>
      <UploadSection writes={writes} />
      {current.data ? <ImportPanel key={current.data.id} found={current.data} fetchedAt={current.dataUpdatedAt} writes={writes} /> : null}
      <PastImports currentId={currentId} onOpen={open} />
    </>
  );
}

type Writes = ReturnType<typeof usePeopleImportWrites>;

function UploadSection({ writes }: { writes: Writes }) {
  const [complaint, setComplaint] = useState("");
  const refusal = splitRefusal(writes.upload.error, ["file", "content"] as const, "check the file");

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    setComplaint("");
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) {
      setComplaint(`This file is ${Math.ceil(file.size / 1024 / 1024)} MB; a file here can be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB. Ask whoever runs the church’s server to import it with npm run import:people.`);
      return;
    }
    writes.upload.mutate({ file_name: file.name, content: base64Of(new Uint8Array(await file.arrayBuffer())) });
  }

  return (
    <Section id="import-file-title" title="Choose a file" description="Export your people from Planning Center, Breeze or ChurchSuite as a CSV file, or save a spreadsheet as CSV. Nothing changes until you have seen what the import will do.">
      <label className="button button--primary">
        {writes.upload.isPending ? "Checking the file…" : "Choose a CSV file"}
        <input type="file" accept=".csv,text/csv" className="visually-hidden" onChange={(event) => void choose(event)} disabled={writes.upload.isPending} />
      </label>
      <FormProblem message={complaint || refusal.message} />
    </Section>
  );
}

function ImportPanel({ found, fetchedAt, writes }: { found: PeopleImportAnswer; fetchedAt: number; writes: Writes }) {
  if (found.status === "ready") return <Preview found={found} writes={writes} />;
  if (found.status === "running") return <Progress found={found} fetchedAt={fetchedAt} />;
  return <Outcome found={found} writes={writes} />;
}

function Preview({ found, writes }: { found: PeopleImportAnswer; writes: Writes }) {
  const [mapping, setMapping] = useState<PeopleColumnMapping>(found.mapping);
  const changed = JSON.stringify(mapping) !== JSON.stringify(found.mapping);
  const named = Boolean(found.mapping.given_name || found.mapping.family_name);
  const refusal = splitRefusal(writes.remap.error ?? writes.start.error, ["mapping"] as const, "go on");
  const choose = (field: PersonField) => (event: ChangeEvent<HTMLSelectElement>) => {
    const column = event.target.value;
    setMapping((before) => {
      const next = { ...before };
      if (column) next[field] = column;
      else delete next[field];
      return next;
    });
  };
  return (
    <Section id="import-preview-title" title={
        <>
          Before you import <span className={styles.fileName}>{found.file_name}</span>
        </>
      } description={`It looks like ${SOURCE_WORDS[found.source]}, with ${counted(found.rows_total, "row", "rows")}.`}>
      <ul className={countStyles.counts} aria-label="What the import will do">
        <li>
          <strong>{found.created.toLocaleString()}</strong> {found.created === 1 ? "person will be added" : "people will be added"}
        </li>
        <li>
          <strong>{found.updated.toLocaleString()}</strong> will be updated
        </li>
        <li>
          <strong>{found.unchanged.toLocaleString()}</strong> already up to date
        </li>
        <li>
          <strong>{found.skipped.toLocaleString()}</strong> left out
        </li>
      </ul>
      <details className={styles.columns} open={!named || found.source === "other"}>
        <summary>Which column is which</summary>
        <p className="muted">People are matched to the ones you already have by their number in the other system, then by email and first name, then by name and birth date.</p>
        <div className={styles.mapping}>
          {FIELD_LABELS.map(([field, label]) => (
            <SelectField key={field} label={label} name={field} value={mapping[field] ?? ""} onChange={choose(field)}>
              <option value="">Not imported</option>
              {found.headers.map((header) => (
                <option key={header} value={header}>
                  {header}
                </option>
              ))}
            </SelectField>
          ))}
        </div>
        <button type="button" className="button" disabled={!changed || writes.remap.isPending} onClick={() => writes.remap.mutate({ id: found.id, mapping })}>
          {writes.remap.isPending ? "Checking again…" : "Check again with these columns"}
        </button>
      </details>
      <Problems found={found} />
      <FormProblem message={refusal.message} />
      <div className={styles.actions}>
        <button type="button" className="button button--primary" disabled={!named || changed || writes.start.isPending} onClick={() => writes.start.mutate(found.id)}>
          {writes.start.isPending ? "Starting…" : `Import ${counted(found.created + found.updated, "person", "people")}`}
        </button>
        {!named ? <p className="muted">Choose the column of the first or last name first.</p> : changed ? <p className="muted">Check again with the new columns first.</p> : null}
      </div>
    </Section>
  );
}

function Problems({ found }: { found: PeopleImportAnswer }) {
  if (found.problem_count === 0) return <p className="notice notice--success">No problems: every row can be imported as it is.</p>;
  const shown = found.problems.slice(0, 100);
  return (
    <div className={styles.problems}>
      <h3>{counted(found.problem_count, "problem", "problems")}</h3>
      <p className="muted">A row with a problem marked “left out” is not imported; the others are, without the value named. Fix them in the file and choose it again, or import as it is.</p>
      <ol className={styles.problemList}>
        {shown.map((problem, index) => (
          <li key={index}>
            <span className={styles.row}>Row {problem.row}</span> {problem.severity === "error" ? <strong>Left out: </strong> : null}
            {problem.message}
          </li>
        ))}
      </ol>
      {found.problem_count > shown.length ? <p className="muted">The first {shown.length} are shown here; the download has {found.problems.length < found.problem_count ? `the first ${found.problems.length.toLocaleString()}` : "them all"}.</p> : null}
      <button type="button" className="button" onClick={() => downloadProblems(found)}>
        Download {found.problems.length < found.problem_count ? `the first ${found.problems.length.toLocaleString()}` : "all"} as a spreadsheet (CSV)
      </button>
    </div>
  );
}

/** How far the import is, and the time left at the pace so far (as of when the progress was read). */
function Progress({ found, fetchedAt }: { found: PeopleImportAnswer; fetchedAt: number }) {
  const started = found.started_at ? new Date(found.started_at).getTime() : fetchedAt;
  const elapsed = Math.max(1, fetchedAt - started);
  const left = found.rows_done > 0 ? Math.round(((found.rows_total - found.rows_done) * elapsed) / found.rows_done / 1000) : null;
  return (
    <Section id="import-progress-title" title={
        <>
          Importing <span className={styles.fileName}>{found.file_name}</span>
        </>
      } description="You can leave this page: the import goes on, and this page shows where it is when you come back.">
      <progress className={styles.progress} max={Math.max(found.rows_total, 1)} value={found.rows_done} aria-label="Rows imported" />
      <p role="status">
        {found.rows_done.toLocaleString()} of {counted(found.rows_total, "row", "rows")}
        {left !== null ? ` · about ${left < 60 ? counted(left, "second", "seconds") : counted(Math.ceil(left / 60), "minute", "minutes")} left` : ""}
      </p>
    </Section>
  );
}

/** After an import: the people it added are invited to make their account, each by an email from the church. */
function InviteImported({ found }: { found: PeopleImportAnswer }) {
  const { invite } = useInvitationWrites();
  const refusal = splitRefusal(invite.error, [] as const, "send the invitations");
  const outcome = invite.data;
  if (found.created === 0) return null;
  return (
    <div className={styles.invite}>
      {outcome ? (
        <InviteOutcomeNotice outcome={outcome} />
      ) : (
        <>
          <p>Invite them to make their account: each gets an email from the church with a link that works for 14 days, their name filled in.</p>
          <button type="button" className="button button--primary" disabled={invite.isPending} onClick={() => invite.mutate({ import_id: found.id })}>
            {invite.isPending ? "Sending…" : `Invite the ${counted(found.created, "person", "people")} it added`}
          </button>
        </>
      )}
      <FormProblem message={refusal.message} />
    </div>
  );
}

function Outcome({ found, writes }: { found: PeopleImportAnswer; writes: Writes }) {
  const [confirming, setConfirming] = useState(false);
  const refusal = splitRefusal(writes.start.error ?? writes.undo.error, [] as const, found.status === "failed" ? "go on with the import" : "undo the import");
  const undone = writes.undo.data;
  return (
    <Section id="import-outcome-title" title={
        <>
          {STATUS_WORDS[found.status]}: <span className={styles.fileName}>{found.file_name}</span>
        </>
      }>
      {found.status === "failed" ? <p className="notice notice--warning">{found.last_error}</p> : null}
      <p>
        {counted(found.created, "person", "people")} added, {found.updated.toLocaleString()} updated, {found.unchanged.toLocaleString()} already up to date, {found.skipped.toLocaleString()} left out
        {found.status === "failed" ? ` (${found.rows_done.toLocaleString()} of ${counted(found.rows_total, "row", "rows")} so far)` : ""}.
      </p>
      {undone ? (
        <p className="notice notice--success" role="status">
          Undone: {counted(undone.removed, "person", "people")} removed, {counted(undone.restored, "person", "people")} restored
          {undone.kept_linked > 0 ? `; ${counted(undone.kept_linked, "person", "people")} kept, who have since joined with their own account` : ""}.
        </p>
      ) : null}
      <FormProblem message={refusal.message} />
      {found.status === "done" && !undone ? <InviteImported found={found} /> : null}
      {found.status === "failed" ? (
        <button type="button" className="button button--primary" disabled={writes.start.isPending} onClick={() => writes.start.mutate(found.id)}>
          Go on from where it stopped
        </button>
      ) : null}
      {found.status === "done" && found.undo_until && !undone ? (
        confirming ? (
          <div className={styles.confirm}>
            <p>This removes the {counted(found.created, "person", "people")} it added and gives the {counted(found.updated, "person", "people")} it changed their details back.</p>
            <div className={styles.actions}>
              <button type="button" className="button button--danger" disabled={writes.undo.isPending} onClick={() => writes.undo.mutate(found.id)}>
                {writes.undo.isPending ? "Undoing…" : "Undo the import"}
              </button>
              <button type="button" className="button" onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </div>
          </div>
        ) : (
          <div className={styles.actions}>
            <button type="button" className="button" onClick={() => setConfirming(true)}>
              Undo this import…
            </button>
            <span className="muted">You can undo it until {dateOf(found.undo_until)}.</span>
          </div>
        )
      ) : null}
    </Section>
  );
}

function PastImports({ currentId, onOpen }: { currentId: string | null; onOpen: (id: string) => void }) {
  const imports = usePeopleImports();
  const items = imports.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Section id="import-history-title" title="Imports">
      <ul className={styles.history}>
        {items.map((item) => (
          <li key={item.id} aria-current={item.id === currentId ? "true" : undefined}>
            <button type="button" className={`button ${styles.fileName}`} onClick={() => onOpen(item.id)}>
              {item.file_name}
            </button>
            <span className="muted">
              {dateOf(item.created_at)} · {STATUS_WORDS[item.status]}
              {item.status === "done" || item.status === "undone" ? ` · ${counted(item.created, "added", "added")}, ${item.updated.toLocaleString()} updated` : ""}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
