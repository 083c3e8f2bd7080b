import { randomUUID } from "node:crypto";
import type { Database } from "../db/database.ts";
import type { AttendanceMode } from "../generated/prisma/client.ts";
import { insertMember, insertSession } from "../db/test-fixtures.ts";
import type { Kiosk } from "./kiosk-campus.ts";

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

/**
 * A kiosk client of the campus and one tablet of it: the device session a volunteer's approval starts
 * (docs/decisions/0023). Call again with the same client for a second tablet.
 */
export async function insertKiosk(database: Database, campusId: string, clientId?: string): Promise<Kiosk> {
  const id = clientId ?? `kiosk-${randomUUID()}`;
  if (!clientId) {
    await database.prisma.client.create({
      data: { id, name: "Lobby check-in", type: "public", redirectUris: [], grantTypes: ["urn:ietf:params:oauth:grant-type:device_code", "refresh_token"], scopes: ["openid", "check-in:kiosk"], firstParty: true, checkInCampusId: campusId },
    });
  }
  const volunteer = await insertMember(database, { givenName: "Vera", familyName: "Volunteer" });
  const deviceId = await insertSession(database, volunteer.id);
  await database.prisma.session.update({ where: { id: deviceId }, data: { deviceClientId: id }, select: { id: true } });
  return { clientId: id, campusId, deviceId };
}

/**
 * A household of two adults and two children: the second adult is marked NOT authorized for the first child,
 * who has notes (an allergy) for their label. Names are the test's; `mumPhone` is the first adult's verified phone.
 */
export async function insertHousehold(
  database: Database,
  names: { family: string; mum: string; dad: string; first: string; second: string; notes: string; mumPhone?: string },
): Promise<{ familyId: string; mum: string; dad: string; amy: string; ben: string }> {
  const { prisma } = database;
  const family = await prisma.family.create({ data: { name: names.family, codeHash: `h-${randomUUID()}`, codeEncrypted: "x", codeExpiresAt: new Date() }, select: { id: true } });
  const mum = await insertMember(database, { givenName: names.mum, phone: names.mumPhone ?? null });
  if (names.mumPhone) await prisma.user.update({ where: { id: mum.id }, data: { phoneVerifiedAt: new Date() }, select: { id: true } });
  const dad = await insertMember(database, { givenName: names.dad });
  const amy = await insertMember(database, { givenName: names.first, email: null, password: false });
  const ben = await insertMember(database, { givenName: names.second, email: null, password: false });
  await prisma.familyMember.createMany({
    data: [
      { familyId: family.id, userId: mum.id, role: "adult" },
      { familyId: family.id, userId: dad.id, role: "adult" },
      { familyId: family.id, userId: amy.id, role: "child", notes: names.notes },
      { familyId: family.id, userId: ben.id, role: "child" },
    ],
  });
  await prisma.pickupPerson.create({ data: { childId: amy.id, kind: "not_authorized", userId: dad.id, name: names.dad } });
  return { familyId: family.id, mum: mum.id, dad: dad.id, amy: amy.id, ben: ben.id };
}
