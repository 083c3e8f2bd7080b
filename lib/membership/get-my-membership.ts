import "server-only";
import type { Database } from "../db/database.ts";
import type { MembershipCampus, MyMembership } from "./schemas.ts";

const campusOf = (campus: { id: string; name: string } | null): MembershipCampus => (campus ? { id: campus.id, name: campus.name } : null);

/**
 * GET /api/v1/users/me/membership: the record linked to the member, if any (with its names and year of birth, to
 * say what was linked: it is theirs, proven by a code or by staff; the year, not the date, since a household may
 * share the address a code goes to), and their requests waiting for staff.
 */
export async function getMyMembership(database: Database, userId: string): Promise<MyMembership> {
  const { prisma } = database;
  const [record, requests] = await Promise.all([
    prisma.membershipRecord.findUnique({
      where: { linkedUserId: userId },
      select: { id: true, linkedAt: true, givenName: true, familyName: true, birthDate: true, campus: { select: { id: true, name: true } } },
    }),
    prisma.membershipLinkRequest.findMany({
      where: { userId, status: "pending" },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { membershipId: true, createdAt: true, membership: { select: { campus: { select: { id: true, name: true } } } } },
    }),
  ]);
  return {
    membership: record
      ? {
          membership_id: record.id,
          campus: campusOf(record.campus),
          linked_at: (record.linkedAt ?? new Date(0)).toISOString(),
          given_name: record.givenName,
          family_name: record.familyName,
          born: record.birthDate?.slice(0, 4) ?? null,
        }
      : null,
    requests: requests.map((request) => ({
      membership_id: request.membershipId,
      campus: campusOf(request.membership.campus),
      status: "pending" as const,
      created_at: request.createdAt.toISOString(),
    })),
  };
}
