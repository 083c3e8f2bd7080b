import { describe, expect, it } from "vitest";
import { containsPattern, offsetOf, orderBy, pageEnvelope } from "./paging.ts";

describe("staff list paging", () => {
  it("turns page and per into an offset and an envelope", () => {
    expect(offsetOf({ page: 1, per: 20 })).toBe(0);
    expect(offsetOf({ page: 3, per: 25 })).toBe(50);
    expect(pageEnvelope({ page: 2, per: 5 }, 7, ["a", "b"])).toEqual({ metadata: { total: 7, page: 2, per: 5 }, items: ["a", "b"] });
  });

  it("orders only by whitelisted columns, with a tie-breaker in the same direction", () => {
    expect(orderBy("-title", { title: "lower(e.title)" }, "e.id")).toBe("lower(e.title) DESC, e.id DESC");
    expect(orderBy("title", { title: "lower(e.title)" }, "e.id")).toBe("lower(e.title) ASC, e.id ASC");
    expect(() => orderBy("1; DROP TABLE event", { title: "t" }, "e.id")).toThrow();
  });

  it("escapes LIKE wildcards in a search", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  });
});
