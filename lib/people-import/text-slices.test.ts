import { describe, expect, it } from "vitest";
import { evenTextSlices, textSlices } from "./text-slices.ts";

async function collect(slices: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const slice of slices) all.push(slice);
  return all;
}

/** A lone half of a surrogate pair: what a cut through a character leaves. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("text in slices", () => {
  it("cuts a text into slices of the size, the last shorter", () => {
    expect([...textSlices("abcdefg", 3)]).toEqual(["abc", "def", "g"]);
    expect([...textSlices("", 3)]).toEqual([]);
  });

  it("never cuts a character made of a surrogate pair", () => {
    const text = "ab😀cd😀😀e";
    for (const size of [1, 2, 3, 4, 5]) {
      const slices = [...textSlices(text, size)];
      expect(slices.join("")).toBe(text);
      for (const slice of slices) expect(slice).not.toMatch(LONE_SURROGATE);
    }
  });

  it("makes even slices of pieces of any size, holding at most a slice and a piece", async () => {
    const pieces = ["a", "bcdefghij", "", "k", "lmnopqrstuvwxyz"];
    expect(await collect(evenTextSlices(pieces, 4))).toEqual(["abcd", "efgh", "ijkl", "mnop", "qrst", "uvwx", "yz"]);
    expect(await collect(evenTextSlices([], 4))).toEqual([]);
  });

  it("keeps a surrogate pair whole when a piece ends between its halves", async () => {
    const slices = await collect(evenTextSlices(["abc\uD83D", "\uDE00def"], 4));
    expect(slices.join("")).toBe("abc😀def");
    for (const slice of slices) expect(slice).not.toMatch(LONE_SURROGATE);
  });
});
