import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_OPTIONS } from "./node-options.ts";

describe("the production server's Node.js options", () => {
  it("are the ones `npm start` runs with", () => {
    const { scripts } = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(scripts.start).toBe(`node ${SERVER_NODE_OPTIONS.join(" ")} .next-server/main.mjs`);
  });
});
