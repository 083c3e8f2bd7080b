import { randomUUID } from "node:crypto";
import type { Database } from "../db/database.ts";
import type { AttendanceMode } from "../generated/prisma/client.ts";

/** Rows the check-in tests share: a campus, an event of it, a household. Not imported by the app. */
export async function insertCampus(database: Database): Promise<string> {
  const id = `cmp_test_${randomUUID().slice(0, 8)}`;
  await database.prisma.campus.create({ data: { id, name: `Campus ${id}`, timezone: "Europe/London" } });
  return id;
}

export async function insertEvent(
  database: Database,
  fields: { campusId: string | null; startAt: Date; minutes?: number; capacity?: number | null; modes?: AttendanceMode[]; title?: string },
): Promise<string> {
  const id = `evt_test_${randomUUID().slice(0, 12)}`;
  const endAt = new Date(fields.startAt.getTime() + (fields.minutes ?? 90) * 60_000);
  const local = (at: Date) => at.toISOString();
  await database.prisma.event.create({
    data: {
      id,
      slug: id.replace(/_/g, "-"),
      title: fields.title ?? "Kids church",
      description: "",
      eventType: "SERVICE",
      startDate: local(fields.startAt).slice(0, 10),
      startTime: local(fields.startAt).slice(11, 16),
      endDate: local(endAt).slice(0, 10),
      endTime: local(endAt).slice(11, 16),
      timezone: "UTC",
      startAt: fields.startAt,
      endAt,
      campusId: fields.campusId,
      capacity: fields.capacity ?? null,
      attendanceModes: fields.modes ?? ["QR_CODE", "MANUAL", "SELF_CHECK_IN"],
    },
  });
  return id;
}
