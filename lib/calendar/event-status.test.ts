import { describe, expect, it } from "vitest";
import { eventStatusAt, nextStatusChangeAfter } from "./event-status.ts";

const event = { startAt: new Date("2030-01-01T10:00:00Z"), endAt: new Date("2030-01-01T11:00:00Z") };
const at = (iso: string) => new Date(iso);

describe("eventStatusAt", () => {
  it("reads a scheduled event's status off the clock: running from its start to its end, over after it", () => {
    expect(eventStatusAt("SCHEDULED", event, at("2030-01-01T09:59:59.999Z"))).toBe("SCHEDULED");
    expect(eventStatusAt("SCHEDULED", event, at("2030-01-01T10:00:00Z"))).toBe("ACTIVE");
    expect(eventStatusAt("SCHEDULED", event, at("2030-01-01T11:00:00Z"))).toBe("ACTIVE");
    expect(eventStatusAt("SCHEDULED", event, at("2030-01-01T11:00:00.001Z"))).toBe("COMPLETED");
  });

  it("keeps the statuses staff decide, whatever the time", () => {
    for (const status of ["DRAFT", "CANCELLED", "POSTPONED"] as const) {
      for (const now of ["2030-01-01T09:00:00Z", "2030-01-01T10:30:00Z", "2030-01-02T00:00:00Z"]) expect(eventStatusAt(status, event, at(now))).toBe(status);
    }
  });
});

describe("nextStatusChangeAfter", () => {
  it("is the next whole minute, or the millisecond after it when now is one (an event ending then is over)", () => {
    expect(nextStatusChangeAfter(Date.parse("2030-01-01T10:00:00Z"))).toBe(Date.parse("2030-01-01T10:00:00.001Z"));
    expect(nextStatusChangeAfter(Date.parse("2030-01-01T10:00:00.001Z"))).toBe(Date.parse("2030-01-01T10:01:00Z"));
    expect(nextStatusChangeAfter(Date.parse("2030-01-01T10:00:59.999Z"))).toBe(Date.parse("2030-01-01T10:01:00Z"));
  });
});
