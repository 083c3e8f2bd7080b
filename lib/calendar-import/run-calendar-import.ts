import "server-only";
import { readChurch } from "../church-settings/church.ts";
import { openSecret, sealSecret } from "../crypto/secret-box.ts";
import type { Database } from "../db/database.ts";
import { env } from "../env.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { getOutboundText } from "../outbound/get-outbound-text.ts";
import { OutboundCallError } from "../outbound/post-outbound.ts";
import { applyCalendarChanges } from "./apply-calendar-changes.ts";
import { calendarChanges, type ImportChoices } from "./calendar-changes.ts";
import { CALENDAR_MAX_BYTES, importWindow, SYNC_EVERY_MINUTES } from "./calendar-import-rules.ts";
import { CalendarFileError, readCalendarFile, type CalendarFile } from "./read-calendar-file.ts";
import type { CalendarImportCounts, CreateCalendarImportBody } from "./schemas.ts";

/**
 * Bringing a calendar in (issue 40, part 2): preview on upload, import on request, and for an address kept in
 * sync, again every hour. The preview and the import read the same text (an address's answer is kept with the
 * preview until it is imported) and work out their changes the same way (calendar-changes.ts).
 */

const ADDRESS_SEAL = "calendar-import-address";

async function readFile(database: Database, text: string, now: Date): Promise<CalendarFile> {
  const church = await readChurch(database);
  try {
    return readCalendarFile(text, { fallbackZone: church.timeZone, ...importWindow(now) });
  } catch (error) {
    if (error instanceof CalendarFileError) throw new IdentityError("invalid_request", `file: ${error.message}`);
    throw error;
  }
}

/** The calendar at an address, through the outbound guard; what went wrong in words for the page. */
async function fetchCalendar(address: string): Promise<string> {
  try {
    return await getOutboundText(address, { allowPrivate: env().OUTBOUND_ALLOW_PRIVATE_ADDRESSES, maxBytes: CALENDAR_MAX_BYTES, accept: "text/calendar, */*;q=0.5" });
  } catch (error) {
    if (error instanceof OutboundCallError) throw new IdentityError("invalid_request", `address: the calendar could not be read: ${error.message}`);
    throw error;
  }
}

async function checkChoices(database: Database, body: Pick<CreateCalendarImportBody, "campus_id" | "ministry_id">): Promise<void> {
  if (body.campus_id && !(await database.prisma.campus.findUnique({ where: { id: body.campus_id }, select: { id: true } }))) throw new IdentityError("invalid_request", "campus_id: no such campus");
  if (body.ministry_id && !(await database.prisma.ministry.findUnique({ where: { id: body.ministry_id }, select: { id: true } }))) throw new IdentityError("invalid_request", "ministry_id: no such ministry");
}

type ImportRow = { id: string; eventType: ImportChoices["eventType"]; campusId: string | null; ministryId: string | null; audience: string[]; publish: boolean };
const choicesOf = (row: ImportRow): ImportChoices => ({ importId: row.id, eventType: row.eventType, campusId: row.campusId, ministryId: row.ministryId, audience: row.audience, publish: row.publish });
const CHOICE_COLUMNS = { id: true, eventType: true, campusId: true, ministryId: true, audience: true, publish: true } as const;

/** POST /api/v1/admin/calendar-imports: the file read (or the address fetched) and previewed; nothing on the calendar changes. */
export async function createCalendarImport(database: Database, body: CreateCalendarImportBody, actorId: string | null, now = new Date()): Promise<string> {
  await checkChoices(database, body);
  const text = body.content !== undefined ? Buffer.from(body.content, "base64").toString("utf8") : await fetchCalendar(body.address!);
  const file = await readFile(database, text, now);
  const host = body.address ? new URL(body.address).host : null;
  const row = await database.prisma.calendarImport.create({
    data: {
      name: (file.name ?? body.file_name ?? host ?? "Calendar").slice(0, 200),
      source: body.address ? "address" : "file",
      fileText: text,
      addressSealed: body.address ? await sealSecret(ADDRESS_SEAL, body.address) : null,
      addressHost: host,
      eventType: body.event_type,
      campusId: body.campus_id,
      ministryId: body.ministry_id,
      audience: body.audience,
      publish: body.publish,
      keepInSync: body.keep_in_sync,
      status: "ready",
      createdBy: actorId,
    },
    select: CHOICE_COLUMNS,
  });
  const changes = await calendarChanges(database, file, choicesOf(row));
  await database.prisma.calendarImport.update({ where: { id: row.id }, data: { preview: changes.preview }, select: { id: true } });
  return row.id;
}

/** Reads `text` and writes what it changes, in one transaction: a failure leaves the calendar as it was. */
async function importText(database: Database, row: ImportRow, text: string, now: Date): Promise<CalendarImportCounts> {
  const file = await readFile(database, text, now);
  return database.transaction(async (tx) => {
    // Two imports of one calendar at once (a click and the hourly sync) take turns.
    await tx.prisma.$queryRaw`SELECT id FROM calendar_import WHERE id = ${row.id}::uuid FOR UPDATE`;
    const changes = await calendarChanges(tx, file, choicesOf(row));
    const counts = await applyCalendarChanges(tx, row.id, changes);
    await tx.prisma.calendarImport.update({
      where: { id: row.id },
      data: { status: "done", fileText: null, preview: changes.preview, result: counts, lastError: null, importedAt: now, syncedAt: now },
      select: { id: true },
    });
    return counts;
  });
}

async function readImportRow(database: Database, id: string) {
  const row = isUuid(id) ? await database.prisma.calendarImport.findUnique({ where: { id }, select: { ...CHOICE_COLUMNS, source: true, status: true, fileText: true, addressSealed: true } }) : null;
  if (!row) throw notFound("import");
  return row;
}

/** POST /api/v1/admin/calendar-imports/{id}/start: the previewed calendar onto ours. */
export async function startCalendarImport(database: Database, id: string, now = new Date()): Promise<CalendarImportCounts> {
  const row = await readImportRow(database, id);
  if (row.status !== "ready" || row.fileText === null) throw new IdentityError("conflict", row.source === "address" ? "this calendar is imported: sync it to read the address again" : "this file is imported: upload it again to import a newer copy");
  return importText(database, row, row.fileText, now);
}

/** POST /api/v1/admin/calendar-imports/{id}/sync: the address read again and its changes written. */
export async function syncCalendarImport(database: Database, id: string, now = new Date()): Promise<CalendarImportCounts> {
  const row = await readImportRow(database, id);
  if (row.source !== "address" || !row.addressSealed) throw new IdentityError("conflict", "only a calendar read from an address can be synced: upload the file again");
  if (row.status === "ready") throw new IdentityError("conflict", "import this calendar first");
  try {
    return await importText(database, row, await fetchCalendar(await openSecret(ADDRESS_SEAL, row.addressSealed)), now);
  } catch (error) {
    if (error instanceof IdentityError) {
      await database.prisma.calendarImport.update({ where: { id }, data: { status: "failed", lastError: error.description, syncedAt: now }, select: { id: true } });
    }
    throw error;
  }
}

/** PATCH /api/v1/admin/calendar-imports/{id}: keep an address in sync, or stop. */
export async function setCalendarKeptInSync(database: Database, id: string, keepInSync: boolean): Promise<void> {
  const row = await readImportRow(database, id);
  if (keepInSync && row.source !== "address") throw new IdentityError("invalid_request", "keep_in_sync: only a calendar read from an address can be kept in sync");
  await database.prisma.calendarImport.update({ where: { id }, data: { keepInSync }, select: { id: true } });
}

/**
 * The scheduled job (hourly): every address kept in sync that was not read in the last hour is read again. One
 * failing address (gone, refusing) is recorded on its import and does not stop the others; it is tried again
 * at the next run. Safe on two machines at once: each import's row is locked while it is written.
 */
export async function syncDueCalendarImports(database: Database, now = new Date()): Promise<{ synced: number; failed: number }> {
  const due = await database.prisma.calendarImport.findMany({
    where: { keepInSync: true, status: { in: ["done", "failed"] }, OR: [{ syncedAt: null }, { syncedAt: { lt: new Date(now.getTime() - SYNC_EVERY_MINUTES * 60_000) } }] },
    select: { id: true },
    orderBy: { syncedAt: "asc" },
  });
  let synced = 0;
  let failed = 0;
  for (const { id } of due) {
    try {
      await syncCalendarImport(database, id, now);
      synced += 1;
    } catch {
      failed += 1;
    }
  }
  return { synced, failed };
}
