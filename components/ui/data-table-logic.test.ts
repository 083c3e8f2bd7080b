import { describe, expect, it } from "vitest";
import { addressPieces, nextSort, sortParam } from "./data-table-logic";

describe("nextSort", () => {
  it("turns the sorted column the other way", () => {
    expect(nextSort({ column: "title", direction: "ascending" }, "title")).toEqual({ column: "title", direction: "descending" });
    expect(nextSort({ column: "title", direction: "descending" }, "title")).toEqual({ column: "title", direction: "ascending" });
  });

  it("starts another column in its own first direction", () => {
    expect(nextSort({ column: "title", direction: "descending" }, "when")).toEqual({ column: "when", direction: "ascending" });
    expect(nextSort({ column: "title", direction: "ascending" }, "when", "descending")).toEqual({ column: "when", direction: "descending" });
  });
});

describe("sortParam", () => {
  it("asks the API for the field, with a dash for descending", () => {
    expect(sortParam("startAt", "ascending")).toBe("startAt");
    expect(sortParam("startAt", "descending")).toBe("-startAt");
  });
});

describe("addressPieces", () => {
  it("breaks before the @ and before each dot, never inside a word", () => {
    expect(addressPieces("mary.jones@example.org")).toEqual(["mary", ".jones", "@example", ".org"]);
    expect(addressPieces("office@grace-harbor.church")).toEqual(["office", "@grace-harbor", ".church"]);
  });

  it("keeps the whole text, piece by piece", () => {
    for (const address of ["a@b.c", ".starts.with.a.dot@x", "no-at-sign", "@", ""]) {
      expect(addressPieces(address).join("")).toBe(address);
    }
  });
});
