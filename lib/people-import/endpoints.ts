import { defineEndpoint } from "../openapi/endpoint.ts";
import { BODY_400 } from "../openapi/staff-operations.ts";
import type { StaffPermission } from "../identity/permissions.ts";
import { UNDO_DAYS, UPLOAD_MAX_BYTES } from "./people-import-rules.ts";
import { LIST_400 } from "../openapi/staff-operations.ts";
import { createPeopleImportBodySchema, PeopleImportPageSchema, PeopleImportSchema, peopleImportsQuerySchema, PeopleImportUndoneSchema, updatePeopleImportBodySchema } from "./schemas.ts";

/** Importing the church's people from another system's CSV file (issue 40): staff with people:import. */
export const PEOPLE_IMPORT_PERMISSION = "people:import" satisfies StaffPermission;

const TAGS = ["admin"] as const;
const ACCESS = { kind: "staff", permission: PEOPLE_IMPORT_PERMISSION } as const;
const IMPORT_ID = { id: "The import's id." };
const NOT_FOUND = "`not_found`: `import not found`.";

export const adminListPeopleImports = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/people-imports",
  operationId: "adminListPeopleImports",
  summary: "The people imports",
  description: "Searched by file name, sorted and paged (newest first).",
  tags: TAGS,
  access: ACCESS,
  query: peopleImportsQuerySchema,
  success: { status: 200, description: "A page of imports.", schema: PeopleImportPageSchema },
  refusals: { "400": LIST_400 },
});

export const adminCreatePeopleImport = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/people-imports",
  operationId: "adminCreatePeopleImport",
  summary: "Upload a file of people and preview its import",
  description:
    `A CSV file (UTF-8 with or without BOM, or Windows-1252 as Excel writes it; \`,\` \`;\` or tab) of at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB: Planning Center People's, ` +
    "Breeze's and ChurchSuite's exports are recognised by their columns, another file's columns are chosen with `PATCH`. Nothing is written to the register: " +
    "the answer counts the people it would create, update, leave unchanged or skip, with every row's problems. Rows are matched by the other system's id, " +
    "then by email and first name, then by name and birth date.",
  tags: TAGS,
  access: ACCESS,
  body: createPeopleImportBodySchema,
  maxBodyBytes: Math.ceil((UPLOAD_MAX_BYTES * 4) / 3) + 4096,
  success: { status: 201, description: "The previewed import (`ready`).", schema: PeopleImportSchema },
  refusals: { "400": BODY_400(", or `file: …` (not a CSV file, binary, too many columns or a record too long)") },
});

export const adminGetPeopleImport = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/people-imports/{id}",
  operationId: "adminGetPeopleImport",
  summary: "A people import and its progress",
  description: "While it runs, `rows_done` of `rows_total`.",
  tags: TAGS,
  access: ACCESS,
  params: IMPORT_ID,
  success: { status: 200, description: "The import.", schema: PeopleImportSchema },
  refusals: { "404": NOT_FOUND },
});

export const adminUpdatePeopleImport = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/admin/people-imports/{id}",
  operationId: "adminUpdatePeopleImport",
  summary: "Choose the file's columns",
  description: "Previews the import again with this mapping; the next file with the same columns is offered it.",
  tags: TAGS,
  access: ACCESS,
  params: IMPORT_ID,
  body: updatePeopleImportBodySchema,
  success: { status: 200, description: "The import, previewed again.", schema: PeopleImportSchema },
  refusals: { "400": BODY_400(", or `mapping: the file has no column …`"), "404": NOT_FOUND, "409": "`conflict`: `this import is running` (or done, failed, undone)." },
});

export const adminStartPeopleImport = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/people-imports/{id}/start",
  operationId: "adminStartPeopleImport",
  summary: "Import the people",
  description:
    "Runs in the background in batches that each commit whole; `GET` shows the progress. A `failed` import started again goes on from where it stopped. " +
    "The staff audit log records the start and, once done, the counts.",
  tags: TAGS,
  access: ACCESS,
  params: IMPORT_ID,
  success: { status: 200, description: "The import, `running`.", schema: PeopleImportSchema },
  refusals: { "400": "`invalid_request`: `mapping: choose the columns of the first or last name first`.", "404": NOT_FOUND, "409": "`conflict`: `this import is …`." },
});

export const adminUndoPeopleImport = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/people-imports/{id}/undo",
  operationId: "adminUndoPeopleImport",
  summary: "Undo an import",
  description: `Within ${UNDO_DAYS} days of its end: the records it created are removed (but not one a member has since linked to their account), the ones it changed get their fields back.`,
  tags: TAGS,
  access: ACCESS,
  params: IMPORT_ID,
  success: { status: 200, description: "What was undone.", schema: PeopleImportUndoneSchema },
  refusals: { "404": NOT_FOUND, "409": "`conflict`: only a finished import, within its days." },
});

/** In the order the OpenAPI document lists them. */
export const peopleImportEndpoints = [adminListPeopleImports, adminCreatePeopleImport, adminGetPeopleImport, adminUpdatePeopleImport, adminStartPeopleImport, adminUndoPeopleImport];
