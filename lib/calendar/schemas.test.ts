import { describe, expect, it } from "vitest";
import { CALENDAR_MESSAGES, upcomingEventsQuerySchema } from "./schemas.ts";

describe("upcoming feed query", () => {
  it.each(["1", "10", "100", " 42 ", "007"])("accepts limit %j", (limit) => {
    expect(upcomingEventsQuerySchema.parse({ limit }).limit).toBe(Number(limit));
  });

  it.each(["0", "101", "-1", "1.5", "1e2", "ten", "", "99999999999999999999", "0x10"])("refuses limit %j with the contract's message only", (limit) => {
    const result = upcomingEventsQuerySchema.safeParse({ limit });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([CALENDAR_MESSAGES.limit]);
  });

  it("refuses an unknown type with the decided message", () => {
    const result = upcomingEventsQuerySchema.safeParse({ type: "PICNIC" });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([CALENDAR_MESSAGES.type]);
  });
});
