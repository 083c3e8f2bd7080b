import { beforeAll, describe, expect, it } from "vitest";
import type { Database, QueryOptions } from "../db/database.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { readUpcomingPage } from "./list-upcoming-events.ts";
import type { UpcomingEventsQuery } from "./schemas.ts";

// The feed's pages against a brute-force answer: whichever way a page is read (one query on its generic plan,
// a bounded first try among the indexed events, or the query planned for the values), it is exactly the
// matching public events in feed order, and paging by cursor yields each once.
const database = serviceTestDatabase();

const NOW = new Date("2999-01-01T00:00:00Z");
const HOUR = 3_600_000;
const EVENTS = 240;

interface Seeded {
  id: string;
  startAt: number;
  type: "SERVICE" | "COURSE";
  campusId: string;
  ministryId: string | null;
  audience: string[];
  /** Neither shows on the public feed. */
  draft: boolean;
  membersOnly: boolean;
}

// Deterministic data: every filter below keeps a known share of the events, from most of them to a few.
function eventAt(index: number): Seeded {
  const audience = [...(index % 2 === 0 ? ["members"] : []), ...(index % 3 === 1 ? ["youth"] : []), ...(index % 37 === 5 ? ["men"] : [])];
  return {
    // Same-length ids that differ only in digits: their order is the same under any collation.
    id: `evt_feed${String(index).padStart(4, "0")}`,
    // Two events share each start, so the id breaks ties.
    startAt: NOW.getTime() + HOUR + Math.floor(index / 2) * HOUR,
    type: index % 4 === 0 ? "COURSE" : "SERVICE",
    campusId: index % 3 === 0 ? "cmp_feedb" : "cmp_feeda",
    ministryId: index % 5 === 0 ? "min_feedm" : index % 7 === 0 ? "min_feedn" : null,
    audience,
    draft: index % 11 === 3,
    membersOnly: index % 13 === 4,
  };
}
const seeded = Array.from({ length: EVENTS }, (_, index) => eventAt(index));

beforeAll(async () => {
  await database.prisma.campus.createMany({ data: ["cmp_feeda", "cmp_feedb"].map((id) => ({ id, name: id, timezone: "UTC" })) });
  await database.prisma.ministry.createMany({ data: ["min_feedm", "min_feedn"].map((id) => ({ id, name: id })) });
  await database.prisma.event.createMany({
    data: seeded.map((event, index) => {
      const start = new Date(event.startAt).toISOString();
      const end = new Date(event.startAt + HOUR).toISOString();
      return {
        id: event.id,
        slug: event.id.replace("_", "-"),
        title: `Event ${index}`,
        description: "",
        eventType: event.type,
        startDate: start.slice(0, 10),
        startTime: start.slice(11, 16),
        endDate: end.slice(0, 10),
        endTime: end.slice(11, 16),
        timezone: "UTC",
        startAt: new Date(event.startAt),
        endAt: new Date(event.startAt + HOUR),
        campusId: event.campusId,
        ministryId: event.ministryId,
        audience: event.audience,
        status: event.draft ? "DRAFT" : "SCHEDULED",
        visibility: event.membersOnly ? "members" : "public",
      };
    }),
  });
});

type Filters = Pick<UpcomingEventsQuery, "type" | "ministryId" | "campusId" | "audience">;

function expectedIds(filters: Filters): string[] {
  return seeded
    .filter(
      (event) =>
        !event.draft &&
        !event.membersOnly &&
        (filters.type === undefined || event.type === filters.type) &&
        (filters.campusId === undefined || event.campusId === filters.campusId) &&
        (filters.ministryId === undefined || event.ministryId === filters.ministryId) &&
        (filters.audience === undefined || event.audience.includes(filters.audience)),
    )
    .map((event) => event.id);
}

/** The database, counting the queries each page sends and which of them asked for the generic plan. */
function counting(): { database: Database; queries: boolean[] } {
  const queries: boolean[] = [];
  const counted: Database = {
    ...database,
    query: (text: string, params?: readonly unknown[], options?: QueryOptions) => {
      queries.push(options?.genericPlan === true);
      return database.query(text, params, options);
    },
  } as Database;
  return { database: counted, queries };
}

async function readWholeFeed(on: Database, filters: Filters, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages <= EVENTS; pages++) {
    const page = await readUpcomingPage(on, { ...filters, limit, ...(cursor && { cursor }) }, NOW);
    ids.push(...page.eventJson.map((json) => (JSON.parse(json) as { eventId: string }).eventId));
    if (page.nextCursor === null) return ids;
    cursor = page.nextCursor;
  }
  throw new Error("the feed did not end");
}

describe("the upcoming feed's pages", () => {
  const cases: [string, Filters][] = [
    ["no filter", {}],
    ["one type", { type: "COURSE" }],
    ["a campus and a type (one index serves both)", { campusId: "cmp_feeda", type: "SERVICE" }],
    ["a common audience with campus and type", { campusId: "cmp_feeda", type: "SERVICE", audience: "members" }],
    ["a rare audience with campus and type", { campusId: "cmp_feeda", type: "SERVICE", audience: "men" }],
    ["a rare audience alone", { audience: "men" }],
    ["a common audience alone", { audience: "youth" }],
    ["a ministry and a type", { ministryId: "min_feedm", type: "SERVICE" }],
    ["a ministry, a campus and an audience", { ministryId: "min_feedn", campusId: "cmp_feeda", audience: "members" }],
    ["an audience nobody has", { campusId: "cmp_feedb", audience: "martians" }],
  ];

  for (const [label, filters] of cases) {
    it(`${label}: every matching event once, in feed order, at any page size`, async () => {
      const expected = expectedIds(filters);
      if (filters.audience !== "martians") expect(expected.length, "the data has matches").toBeGreaterThan(2);
      for (const limit of [1, 4, 10, 100]) {
        expect(await readWholeFeed(database, filters, limit), `limit ${limit}`).toEqual(expected);
      }
    });
  }

  it("a page the indexed events answer takes one query on its generic plan; a rare filter's takes a second, planned for its values", async () => {
    const common = counting();
    await readUpcomingPage(common.database, { campusId: "cmp_feeda", type: "SERVICE", audience: "members", limit: 10 }, NOW);
    expect(common.queries).toEqual([true]);

    const rare = counting();
    const page = await readUpcomingPage(rare.database, { campusId: "cmp_feeda", type: "SERVICE", audience: "men", limit: 10 }, NOW);
    expect(rare.queries).toEqual([true, false]);
    expect(page.eventJson.length).toBe(Math.min(10, expectedIds({ campusId: "cmp_feeda", type: "SERVICE", audience: "men" }).length));
  });
});
