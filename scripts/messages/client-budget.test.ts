import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkClientBudget } from "./client-budget.ts";

let folder = "";
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** Words that do not compress away: a budget of a few hundred bytes is reached by a few dozen of them. */
const words = (count: number, seed: string) => Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, `${seed} ${index} ${(index * 7919).toString(36)} ${(index * 104729).toString(36)}`]));

function budget(source: string, budgetBytes: number) {
  folder = mkdtempSync(path.join(tmpdir(), "client-budget-"));
  mkdirSync(path.join(folder, "messages"));
  const catalog = { Ui: { ok: "OK" }, Small: words(2, "small"), Large: words(200, "large") };
  for (const locale of ["en", "es"]) writeFileSync(path.join(folder, "messages", `${locale}.json`), JSON.stringify(catalog));
  const file = path.join(folder, "page.tsx");
  writeFileSync(file, source);
  return checkClientBudget({ messagesDir: path.join(folder, "messages"), files: [file], locales: ["en", "es"], shared: ["Ui"], budgetBytes, root: folder });
}

describe("the client messages budget", () => {
  it("passes a page whose namespaces fit, named inline or by a const list", () => {
    expect(budget(`<ClientMessages namespaces={["Small"]}>`, 2000).problems).toEqual([]);
    expect(budget(`const AREAS = ["Small"] as const;\n<ClientMessages namespaces={AREAS}>`, 2000).problems).toEqual([]);
  });

  it("fails a page over the budget in each language, and a list it cannot read", () => {
    const { problems } = budget(`\n<ClientMessages namespaces={["Small", "Large"]}>`, 600);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^page\.tsx:2: sends \d+ bytes \(gzip\) of en messages, over the 600-byte budget$/);
    expect(budget(`<ClientMessages namespaces={areasOf(page)}>`, 2000).problems).toEqual([
      "page.tsx:1: the namespaces of <ClientMessages> are not a list this check can read (write an array of strings, or a const one in the file)",
    ]);
  });
});
