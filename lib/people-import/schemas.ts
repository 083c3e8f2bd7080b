import { z } from "zod";
import { listQuery, pageOf } from "../staff-lists/schemas.ts";
import { PERSON_FIELDS } from "./people-columns.ts";
import { IMPORT_STATUSES, UPLOAD_MAX_BYTES } from "./people-import-rules.ts";

/**
 * The people import's API (issue 40): pure zod, shared by the routes, the OpenAPI document and /admin/import.
 * The field names are the register's (PERSON_FIELDS in read-people-csv.ts); each maps to a column of the file.
 */

const columnName = z.string().min(1).max(200);
export const peopleColumnMappingSchema = z
  .partialRecord(z.enum(PERSON_FIELDS), columnName)
  .meta({ id: "PeopleColumnMapping", description: "For each of the register's fields, the file's column (its header, exactly) that fills it; a field left out is not imported." });

export const createPeopleImportBodySchema = z
  .strictObject({
    file_name: z.string().trim().min(1).max(200),
    content: z
      .string()
      .max(Math.ceil((UPLOAD_MAX_BYTES * 4) / 3) + 8, `the file must be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB: import a larger one with npm run import:people`)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, "must be the file's bytes in base64")
      .meta({ description: `The file's bytes in base64: a CSV file of at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB, UTF-8 or Windows-1252.` }),
  })
  .meta({ id: "CreatePeopleImportBody" });

export const updatePeopleImportBodySchema = z.strictObject({ mapping: peopleColumnMappingSchema }).meta({ id: "UpdatePeopleImportBody" });

const RowProblemSchema = z.object({ row: z.number().int(), column: z.string().nullable(), message: z.string(), severity: z.enum(["error", "warning"]) }).meta({ id: "PeopleImportProblem" });

export const PeopleImportSchema = z
  .object({
    id: z.uuid(),
    file_name: z.string(),
    status: z.enum(IMPORT_STATUSES).meta({ description: "`ready` (previewed: the counts say what importing would do), `running`, `done`, `failed` (start it again to go on), `undone`." }),
    source: z.enum(["planning_center", "breeze", "churchsuite", "other"]),
    encoding: z.string(),
    headers: z.array(z.string()),
    mapping: peopleColumnMappingSchema,
    rows_total: z.number().int(),
    rows_done: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    skipped: z.number().int(),
    problem_count: z.number().int(),
    problems: z.array(RowProblemSchema).meta({ description: "The preview's problems by row and column, the first 1,000." }),
    last_error: z.string().nullable(),
    created_at: z.iso.datetime(),
    started_at: z.iso.datetime().nullable(),
    finished_at: z.iso.datetime().nullable(),
    undone_at: z.iso.datetime().nullable(),
    undo_until: z.iso.datetime().nullable().meta({ description: "Until when a finished import can be undone." }),
  })
  .meta({ id: "PeopleImport" });
export type PeopleImportAnswer = z.output<typeof PeopleImportSchema>;

export const PeopleImportSummarySchema = PeopleImportSchema.omit({ problems: true, headers: true, mapping: true }).meta({ id: "PeopleImportSummary" });
export type PeopleImportSummary = z.output<typeof PeopleImportSummarySchema>;
export const PeopleImportPageSchema = pageOf(PeopleImportSummarySchema, "PeopleImportPage");

export const peopleImportsQuerySchema = listQuery("PeopleImportsQuery", { sort: ["createdAt", "fileName"] as const, defaultSort: "-createdAt", search: "Part of the file's name.", extra: {} });
export type PeopleImportsQuery = z.output<typeof peopleImportsQuerySchema>;

export const PeopleImportUndoneSchema = z
  .object({ removed: z.number().int(), restored: z.number().int(), kept_linked: z.number().int().meta({ description: "Records it made that a member has linked to their account since: kept." }) })
  .meta({ id: "PeopleImportUndone" });
