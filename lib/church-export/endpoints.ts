import { defineEndpoint } from "../openapi/endpoint.ts";
import type { StaffPermission } from "../identity/permissions.ts";

/** The whole church's data in one download (issue 39): administrators only (ADMIN_ONLY_PERMISSIONS). */
export const CHURCH_EXPORT_PERMISSION = "church:export" satisfies StaffPermission;

export const adminExportChurch = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/export",
  operationId: "adminExportChurch",
  summary: "The whole church's data, to take elsewhere",
  description:
    "A ZIP file (`Content-Disposition: attachment; filename=\"<church>-export-<YYYY-MM-DD>.zip\"`) of the church's people (accounts and the membership register), households (members, guardianships), events (series, campuses, ministries), sign-ups and check-ins: each table as `csv/<table>.csv` (UTF-8 with a BOM, a header row, one row per record, ISO 8601 dates; a text cell starting with = + - @, tab or CR prefixed with an apostrophe) and as `json/<table>.json` (an array of objects with the same keys, exact values), and `README.txt` saying what each file holds and its number of rows. No password hash, authenticator secret, passkey, recovery code, token, join code or pickup code. Counted and recorded in the staff audit log (section `export`) before it is sent; made and sent as it is read, in pages.",
  tags: ["admin"],
  access: { kind: "staff", permission: CHURCH_EXPORT_PERMISSION },
  success: {
    status: 200,
    description: "The ZIP file.",
    schema: undefined,
    file: "application/zip",
    headers: { "Content-Disposition": 'attachment; filename="<church>-export-<YYYY-MM-DD>.zip": the church\'s name as a slug, and the day (UTC).' },
  },
});

/** In the order the OpenAPI document lists them. */
export const churchExportEndpoints = [adminExportChurch];
