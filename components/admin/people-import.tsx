"use client";

import { type SplitRefusal, useSplitRefusal } from "./household-refusal";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState, type ChangeEvent, type ReactNode } from "react";
import { FormProblem } from "@/components/ui/form-problem";
import { Section } from "@/components/ui/section";
import { SelectField } from "@/components/ui/select-field";
import type { PeopleColumnMapping, PersonField } from "@/lib/people-import/people-columns";
import { UPLOAD_MAX_BYTES } from "@/lib/people-import/people-import-rules";
import type { PeopleImportAnswer } from "@/lib/people-import/schemas";
import { base64Of } from "./file-base64";
import { InviteOutcomeNotice } from "./invite-outcome";
import { useInvitationWrites } from "./invitations-queries";
import { usePeopleImport, usePeopleImports, usePeopleImportWrites } from "./people-import-queries";
import countStyles from "./count-cards.module.css";
import styles from "./people-import.module.css";

// i18n-uses: AdminImports.people.problem
// i18n-uses: AdminImports.people.problemLeftOut

/** The register's fields an import fills, in the order the columns are chosen; their names are the "fields" messages. */
const FIELDS = ["given_name", "family_name", "nickname", "birth_date", "email", "mobile_phone", "home_phone", "household_id", "household_name", "remote_id"] as const satisfies readonly PersonField[];

/** "12 March 2027" in the page's language (the browser's own zone). */
function useDateOf(): (iso: string) => string {
  const locale = useLocale();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric" });
    return (iso: string) => format.format(new Date(iso));
  }, [locale]);
}

type Field = "file" | "content" | "mapping";

/**
 * A refusal split the way the page shows it: one that names a field (`file: …`) is said as a sentence, anything
 * else after `failed` ("We couldn’t check the file."). An English page says the API's own words; another
 * language says what to check in its own.
 */
function useRefusal(error: Error | null, fields: readonly Field[], failed: string): SplitRefusal<Field> {
  const t = useTranslations("AdminImports.people");
  const split = useSplitRefusal();
  return split(error, fields, failed, (field) => (field === "mapping" ? t("checkColumns") : t("checkFile")));
}


const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;

/** A cell of the problems' download: quoted, and a leading = + - @ made plain text so a spreadsheet never runs it. */
function csvCell(value: string | number | null): string {
  const text = value === null ? "" : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** The spreadsheet's headings and kinds, in the page's language (the problems themselves are the API's English). */
interface ProblemsSheetWords {
  headings: [row: string, column: string, problem: string, kind: string];
  leftOut: string;
  importedAnyway: string;
}

function downloadProblems(found: PeopleImportAnswer, words: ProblemsSheetWords) {
  const lines = [words.headings, ...found.problems.map((problem) => [problem.row, problem.column, problem.message, problem.severity === "error" ? words.leftOut : words.importedAnyway])];
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
  const t = useTranslations("AdminImports.people");
  const [complaint, setComplaint] = useState("");
  const refusal = useRefusal(writes.upload.error, ["file", "content"], t("checkFailed"));

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    setComplaint("");
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) {
      setComplaint(t("fileTooBig", { size: Math.ceil(file.size / 1024 / 1024), max: UPLOAD_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    writes.upload.mutate({ file_name: file.name, content: base64Of(new Uint8Array(await file.arrayBuffer())) });
  }

  return (
    <Section id="import-file-title" title={t("fileTitle")} description={t("fileDescription")}>
      <label className="button button--primary">
        {writes.upload.isPending ? t("checking") : t("chooseFile")}
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
  const t = useTranslations("AdminImports.people");
  const [mapping, setMapping] = useState<PeopleColumnMapping>(found.mapping);
  const changed = JSON.stringify(mapping) !== JSON.stringify(found.mapping);
  const named = Boolean(found.mapping.given_name || found.mapping.family_name);
  const refusal = useRefusal(writes.remap.error ?? writes.start.error, ["mapping"], t("goOnFailed"));
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
    <Section
      id="import-preview-title"
      title={t.rich("previewTitle", { name: found.file_name, file: (chunks) => <span className={styles.fileName}>{chunks}</span> })}
      description={t("previewDescription", { source: found.source, rows: found.rows_total })}
    >
      <ul className={countStyles.counts} aria-label={t("willDo")}>
        <li>{t.rich("willAdd", { count: found.created, strong })}</li>
        <li>{t.rich("willUpdate", { count: found.updated, strong })}</li>
        <li>{t.rich("countUnchanged", { count: found.unchanged, strong })}</li>
        <li>{t.rich("countSkipped", { count: found.skipped, strong })}</li>
      </ul>
      <details className={styles.columns} open={!named || found.source === "other"}>
        <summary>{t("columnsTitle")}</summary>
        <p className="muted">{t("matching")}</p>
        <div className={styles.mapping}>
          {FIELDS.map((field) => (
            <SelectField key={field} label={t(`fields.${field}`)} name={field} value={mapping[field] ?? ""} onChange={choose(field)}>
              <option value="">{t("notImported")}</option>
              {found.headers.map((header) => (
                <option key={header} value={header}>
                  {header}
                </option>
              ))}
            </SelectField>
          ))}
        </div>
        <button type="button" className="button" disabled={!changed || writes.remap.isPending} onClick={() => writes.remap.mutate({ id: found.id, mapping })}>
          {writes.remap.isPending ? t("checkingAgain") : t("checkAgain")}
        </button>
      </details>
      <Problems found={found} />
      <FormProblem message={refusal.message} />
      <div className={styles.actions}>
        <button type="button" className="button button--primary" disabled={!named || changed || writes.start.isPending} onClick={() => writes.start.mutate(found.id)}>
          {writes.start.isPending ? t("starting") : t("import", { count: found.created + found.updated })}
        </button>
        {!named ? <p className="muted">{t("chooseNameColumn")}</p> : changed ? <p className="muted">{t("checkAgainFirst")}</p> : null}
      </div>
    </Section>
  );
}

function Problems({ found }: { found: PeopleImportAnswer }) {
  const t = useTranslations("AdminImports.people");
  if (found.problem_count === 0) return <p className="notice notice--success">{t("noProblems")}</p>;
  const shown = found.problems.slice(0, 100);
  const some = found.problems.length < found.problem_count;
  const sheet: ProblemsSheetWords = {
    headings: [t("sheet.row"), t("sheet.column"), t("sheet.problem"), t("sheet.kind")],
    leftOut: t("sheet.leftOut"),
    importedAnyway: t("sheet.importedAnyway"),
  };
  return (
    <div className={styles.problems}>
      <h3>{t("problems", { count: found.problem_count })}</h3>
      <p className="muted">{t("problemsHint")}</p>
      {/* Each problem is the API's own English sentence (lib/people-import): it has no code to say it otherwise. */}
      <ol className={styles.problemList}>
        {shown.map((problem, index) => (
          <li key={index}>
            {t.rich(problem.severity === "error" ? "problemLeftOut" : "problem", {
              row: problem.row,
              message: problem.message,
              rowLabel: (chunks) => <span className={styles.row}>{chunks}</span>,
              strong,
            })}
          </li>
        ))}
      </ol>
      {found.problem_count > shown.length ? <p className="muted">{some ? t("firstShownSome", { shown: shown.length, kept: found.problems.length }) : t("firstShownAll", { shown: shown.length })}</p> : null}
      <button type="button" className="button" onClick={() => downloadProblems(found, sheet)}>
        {some ? t("downloadSome", { count: found.problems.length }) : t("downloadAll")}
      </button>
    </div>
  );
}

/** How far the import is, and the time left at the pace so far (as of when the progress was read). */
function Progress({ found, fetchedAt }: { found: PeopleImportAnswer; fetchedAt: number }) {
  const t = useTranslations("AdminImports.people");
  const started = found.started_at ? new Date(found.started_at).getTime() : fetchedAt;
  const elapsed = Math.max(1, fetchedAt - started);
  const left = found.rows_done > 0 ? Math.round(((found.rows_total - found.rows_done) * elapsed) / found.rows_done / 1000) : null;
  return (
    <Section
      id="import-progress-title"
      title={t.rich("progressTitle", { name: found.file_name, file: (chunks) => <span className={styles.fileName}>{chunks}</span> })}
      description={t("progressDescription")}
    >
      <progress className={styles.progress} max={Math.max(found.rows_total, 1)} value={found.rows_done} aria-label={t("rowsImported")} />
      <p role="status">
        {left === null
          ? t("progress", { done: found.rows_done, total: found.rows_total })
          : left < 60
            ? t("progressSeconds", { done: found.rows_done, total: found.rows_total, left })
            : t("progressMinutes", { done: found.rows_done, total: found.rows_total, left: Math.ceil(left / 60) })}
      </p>
    </Section>
  );
}

/** After an import: the people it added are invited to make their account, each by an email from the church. */
function InviteImported({ found }: { found: PeopleImportAnswer }) {
  const t = useTranslations("AdminImports.people");
  const { invite } = useInvitationWrites();
  const refusal = useRefusal(invite.error, [], t("inviteFailed"));
  const outcome = invite.data;
  if (found.created === 0) return null;
  return (
    <div className={styles.invite}>
      {outcome ? (
        <InviteOutcomeNotice outcome={outcome} />
      ) : (
        <>
          <p>{t("inviteHint")}</p>
          <button type="button" className="button button--primary" disabled={invite.isPending} onClick={() => invite.mutate({ import_id: found.id })}>
            {invite.isPending ? t("sending") : t("invite", { count: found.created })}
          </button>
        </>
      )}
      <FormProblem message={refusal.message} />
    </div>
  );
}

function Outcome({ found, writes }: { found: PeopleImportAnswer; writes: Writes }) {
  const t = useTranslations("AdminImports.people");
  const dateOf = useDateOf();
  const [confirming, setConfirming] = useState(false);
  const refusal = useRefusal(writes.start.error ?? writes.undo.error, [], found.status === "failed" ? t("goOnImportFailed") : t("undoFailed"));
  const undone = writes.undo.data;
  const counts = { added: found.created, updated: found.updated, unchanged: found.unchanged, skipped: found.skipped };
  return (
    <Section id="import-outcome-title" title={t.rich("outcomeTitle", { status: found.status, name: found.file_name, file: (chunks) => <span className={styles.fileName}>{chunks}</span> })}>
      {/* The reason it stopped is the API's own English (lib/people-import). */}
      {found.status === "failed" ? <p className="notice notice--warning">{found.last_error}</p> : null}
      <p>{found.status === "failed" ? t("outcomeSoFar", { ...counts, done: found.rows_done, total: found.rows_total }) : t("outcome", counts)}</p>
      {undone ? (
        <p className="notice notice--success" role="status">
          {undone.kept_linked > 0
            ? t("undoneKept", { removed: undone.removed, restored: undone.restored, kept: undone.kept_linked })
            : t("undone", { removed: undone.removed, restored: undone.restored })}
        </p>
      ) : null}
      <FormProblem message={refusal.message} />
      {found.status === "done" && !undone ? <InviteImported found={found} /> : null}
      {found.status === "failed" ? (
        <button type="button" className="button button--primary" disabled={writes.start.isPending} onClick={() => writes.start.mutate(found.id)}>
          {t("goOn")}
        </button>
      ) : null}
      {found.status === "done" && found.undo_until && !undone ? (
        confirming ? (
          <div className={styles.confirm}>
            <p>{t("undoConfirm", { added: found.created, changed: found.updated })}</p>
            <div className={styles.actions}>
              <button type="button" className="button button--danger" disabled={writes.undo.isPending} onClick={() => writes.undo.mutate(found.id)}>
                {writes.undo.isPending ? t("undoing") : t("undo")}
              </button>
              <button type="button" className="button" onClick={() => setConfirming(false)}>
                {t("keep")}
              </button>
            </div>
          </div>
        ) : (
          <div className={styles.actions}>
            <button type="button" className="button" onClick={() => setConfirming(true)}>
              {t("undoThis")}
            </button>
            <span className="muted">{t("undoUntil", { date: dateOf(found.undo_until) })}</span>
          </div>
        )
      ) : null}
    </Section>
  );
}

function PastImports({ currentId, onOpen }: { currentId: string | null; onOpen: (id: string) => void }) {
  const t = useTranslations("AdminImports.people");
  const dateOf = useDateOf();
  const imports = usePeopleImports();
  const items = imports.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Section id="import-history-title" title={t("historyTitle")}>
      <ul className={styles.history}>
        {items.map((item) => (
          <li key={item.id} aria-current={item.id === currentId ? "true" : undefined}>
            <button type="button" className={`button ${styles.fileName}`} onClick={() => onOpen(item.id)}>
              {item.file_name}
            </button>
            <span className="muted">
              {item.status === "done" || item.status === "undone"
                ? t("historyLineCounts", { date: dateOf(item.created_at), status: item.status, added: item.created, updated: item.updated })
                : t("historyLine", { date: dateOf(item.created_at), status: item.status })}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
