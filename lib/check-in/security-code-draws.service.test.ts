import { describe, expect, it, vi } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, failure, insertMember } from "../db/test-fixtures.ts";
import { checkInPeople } from "./check-in-people.ts";
import { insertCampus, insertEvent } from "./test-setup.ts";

// A household's children are inserted in one statement per draw (check-in-people.ts): a code already taken
// that day, or drawn twice in the same household, is drawn again for that child alone, at most eight times;
// each child's security-log entry is written with their row.
const draws = vi.hoisted(() => ({ next: [] as string[] }));
vi.mock("./security-code.ts", async (original) => ({
  ...(await original<typeof import("./security-code.ts")>()),
  newSecurityCode: () => draws.next.shift() ?? "XXXX",
}));

const database = serviceTestDatabase();

async function children(count: number): Promise<string[]> {
  const family = await database.prisma.family.create({ data: { name: "Draws", codeHash: `h-${crypto.randomUUID()}`, codeEncrypted: "x", codeExpiresAt: new Date() }, select: { id: true } });
  const kids = await Promise.all(Array.from({ length: count }, (_, index) => insertMember(database, { givenName: `Kid${index + 1}`, email: null, password: false })));
  await database.prisma.familyMember.createMany({ data: kids.map((kid) => ({ familyId: family.id, userId: kid.id, role: "child" })) });
  return kids.map((kid) => kid.id);
}

describe("security code draws", () => {
  it("draws again for the child whose code is taken, in the batch or earlier that day, and gives up after eight", async () => {
    const now = new Date();
    const event = await insertEvent(database, { campusId: await insertCampus(database), startAt: new Date(now.getTime() + 10 * 60_000), modes: ["MANUAL"] });
    const checkIn = (personIds: string[]) => checkInPeople(database, { items: personIds.map((personId) => ({ personId, eventId: event })), method: "staff", droppedOffBy: null, context: TEST_CONTEXT, now });

    const [first, second, third] = await children(3);
    draws.next = ["AAAA", "AAAA", "CCCC"];
    expect((await checkIn([first!, second!])).map((made) => [made.person_id, made.security_code])).toEqual([
      [first, "AAAA"],
      [second, "CCCC"],
    ]);

    draws.next = ["CCCC", "AAAA", "DDDD"];
    expect((await checkIn([third!]))[0]?.security_code).toBe("DDDD");

    const [fourth] = await children(1);
    draws.next = Array<string>(8).fill("DDDD");
    expect((await failure<Error>(checkIn([fourth!])))?.message).toBe("no free security code after eight draws");
    const [count] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM check_in WHERE event_id = $1`, [event]);
    expect(count?.n).toBe(3);
    // One security-log entry per child checked in, written with the row; none for the child refused.
    const logged = await database.query<{ user_id: string; type: string; ip: string; detail: unknown }>(
      `SELECT user_id::text, type, ip, detail FROM security_event WHERE user_id = ANY($1::uuid[]) ORDER BY user_id`,
      [[first, second, third, fourth]],
    );
    expect(logged).toEqual(
      [first, second, third].sort().map((id) => ({ user_id: id, type: "checked_in", ip: TEST_CONTEXT.ip, detail: { event_id: event, event_title: "Kids church", method: "staff" } })),
    );
  });
});
