import { describe, expect, it } from "vitest";
import { sharedFreshRead } from "./shared-fresh-read.ts";

/** A read whose answers the test releases by hand, counting how often it started. */
function controlledRead() {
  const pending: ((value: number) => void)[] = [];
  let started = 0;
  const read = () =>
    new Promise<number>((resolve) => {
      started += 1;
      pending.push(resolve);
    });
  return { read, started: () => started, finish: (value: number) => pending.shift()!(value) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("sharedFreshRead", () => {
  it("reads once for a caller alone, and again for the next caller", async () => {
    const source = controlledRead();
    const fresh = sharedFreshRead(source.read);
    const first = fresh();
    source.finish(1);
    expect(await first).toBe(1);
    const second = fresh();
    source.finish(2);
    expect(await second).toBe(2);
    expect(source.started()).toBe(2);
  });

  it("callers arriving during a read share the next read, never the one that began before them", async () => {
    const source = controlledRead();
    const fresh = sharedFreshRead(source.read);
    const early = fresh();
    const late = [fresh(), fresh(), fresh()];
    expect(source.started()).toBe(1);
    source.finish(1); // a write commits after this read began: the late callers must not get 1
    expect(await early).toBe(1);
    await tick();
    expect(source.started()).toBe(2);
    source.finish(2);
    expect(await Promise.all(late)).toEqual([2, 2, 2]);
    expect(source.started()).toBe(2);
  });

  it("a failed read fails its own callers only; the queued ones get a read of their own", async () => {
    let calls = 0;
    const fresh = sharedFreshRead(async () => {
      calls += 1;
      if (calls === 1) throw new Error("database unavailable");
      return calls;
    });
    const early = fresh();
    const late = fresh();
    await expect(early).rejects.toThrow("database unavailable");
    expect(await late).toBe(2);
  });
});
