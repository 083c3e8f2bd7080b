import { describe, expect, it } from "vitest";
import { changesFrom } from "./event-status-changes";

describe("changesFrom", () => {
  it("offers what the API allows from each status, the cancel last", () => {
    expect(changesFrom("DRAFT")).toEqual(["publish"]);
    expect(changesFrom("SCHEDULED")).toEqual(["postpone", "cancel"]);
    expect(changesFrom("ACTIVE")).toEqual(["postpone", "cancel"]);
    expect(changesFrom("POSTPONED")).toEqual(["publish", "cancel"]);
    expect(changesFrom("CANCELLED")).toEqual(["publish"]);
    expect(changesFrom("COMPLETED")).toEqual([]);
  });
});
