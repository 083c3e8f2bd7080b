import { describe, expect, it } from "vitest";
import { adminEventsQuerySchema, createEventBodySchema, isExistingDate, updateEventBodySchema } from "./staff-schemas.ts";

describe("the staff event list query", () => {
  it("validates page, per, sort and unknown parameters, naming the field", () => {
    expect(adminEventsQuerySchema.parse({})).toEqual({ page: 1, per: 20, sort: "startAt" });
    expect(adminEventsQuerySchema.parse({ page: "2", per: "100", sort: "-title", q: " Easter " })).toEqual({ page: 2, per: 100, sort: "-title", q: "Easter" });
    const issues = (query: Record<string, string>) => adminEventsQuerySchema.safeParse(query).error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues({ page: "0" })).toEqual([["page", "must be a whole number, 1 or more"]]);
    expect(issues({ page: "1.5" })).toEqual([["page", "must be a whole number, 1 or more"]]);
    expect(issues({ per: "101" })).toEqual([["per", "must be a whole number from 1 to 100"]]);
    expect(issues({ per: "0" })).toEqual([["per", "must be a whole number from 1 to 100"]]);
    expect(issues({ sort: "password" })).toEqual([["sort", "must be one of startAt, -startAt, title, -title, updatedAt, -updatedAt, createdAt, -createdAt"]]);
    expect(issues({ limit: "5" })?.[0]?.[1]).toMatch(/limit/);
  });
});

describe("the event edit body", () => {
  it("names an unknown field alone, and asks for at least one change", () => {
    expect(updateEventBodySchema.safeParse({ eventId: "evt_x" }).error?.issues.map((issue) => issue.message)).toEqual(['Unrecognized key: "eventId"']);
    expect(updateEventBodySchema.safeParse({}).error?.issues.map((issue) => issue.message)).toEqual(["the body must change at least one field"]);
    expect(updateEventBodySchema.parse({ capacity: null })).toEqual({ capacity: null });
  });
});

// Found by the hostile-input proof (scripts/proofs/fuzz.ts): these reached PostgreSQL and were 500s.
describe("dates staff send", () => {
  it("are dates that exist: no month 13, no 30 February, no year 0", () => {
    for (const date of ["2026-01-01", "2028-02-29", "0001-01-01", "9999-12-31"]) expect(isExistingDate(date)).toBe(true);
    for (const date of ["2026-13-45", "0000-00-00", "0000-01-01", "2026-02-30", "2027-02-29", "2026-1-1", "20260101", ""]) expect(isExistingDate(date)).toBe(false);
  });

  it("refuse a `from` filter that is no date, with one message", () => {
    const issues = (from: string) => adminEventsQuerySchema.safeParse({ from }).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(issues("2026-13-45")).toEqual(["from: must be a date that exists"]);
    expect(issues("0000-00-00")).toEqual(["from: must be a date that exists"]);
    expect(issues("yesterday")).toEqual(["from: must be a date YYYY-MM-DD"]);
    expect(adminEventsQuerySchema.parse({ from: "2026-03-01" }).from).toBe("2026-03-01");
  });

  it("keep events between 1900 and 2999, where every time zone's instants are storable", () => {
    const body = { title: "Supper", eventType: "SERVICE", startTime: "01:00", endTime: "02:00", timezone: "Asia/Tokyo" };
    const issues = (date: string) => createEventBodySchema.safeParse({ ...body, startDate: date, endDate: date }).error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    // 0001-01-01 01:00 in Tokyo is in year 0 UTC, which PostgreSQL refuses.
    expect(issues("0001-01-01")).toEqual(["startDate: must be a date from 1900-01-01 to 2999-12-31", "endDate: must be a date from 1900-01-01 to 2999-12-31"]);
    expect(issues("3000-01-01")?.[0]).toBe("startDate: must be a date from 1900-01-01 to 2999-12-31");
    expect(issues("0000-01-01")?.[0]).toBe("startDate: must be a date that exists");
    expect(issues("1900-01-01")).toBeUndefined();
    expect(issues("2999-12-31")).toBeUndefined();
  });
});

describe("an event's slug", () => {
  it("is refused when it would hide under one of the calendar's own pages", () => {
    const slugIssue = (slug: string) => updateEventBodySchema.safeParse({ slug }).error?.issues.map((issue) => issue.message);
    expect(slugIssue("mine")).toEqual(["must not be mine: /calendar/mine is the member's schedule"]);
    expect(slugIssue("mine-craft-club")).toBeUndefined();
  });
});
