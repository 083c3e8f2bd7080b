import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkMessages } from "./check-messages.ts";

let folder = "";
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** A project of messages files and one source file, checked. */
function check(messages: Record<string, unknown>, source: string, locales = Object.keys(messages)) {
  folder = mkdtempSync(path.join(tmpdir(), "messages-check-"));
  mkdirSync(path.join(folder, "messages"));
  mkdirSync(path.join(folder, "app"));
  for (const [locale, tree] of Object.entries(messages)) writeFileSync(path.join(folder, "messages", `${locale}.json`), JSON.stringify(tree));
  writeFileSync(path.join(folder, "app", "page.tsx"), source);
  return checkMessages({ messagesDir: path.join(folder, "messages"), sourceDirs: [path.join(folder, "app")], locales }).problems;
}

const SOURCE = `
  const t = useTranslations("Page");
  t("greeting", { name }); t.rich("count", { n }); t(\`kinds.\${kind}\`);
`;
const EN = { Page: { greeting: "Hello, {name}!", count: "{n, plural, one {# event} other {# events}}", kinds: { a: "A", b: "B" } } };
const ES = { Page: { greeting: "¡Hola, {name}!", count: "{n, plural, one {# evento} many {# eventos} other {# eventos}}", kinds: { a: "A", b: "B" } } };

describe("the messages check", () => {
  it("passes languages that agree with English and the source, plural categories of their own allowed", () => {
    expect(check({ en: EN, es: ES }, SOURCE)).toEqual([]);
  });

  it("finds a missing key, a key English lacks, a renamed argument, a kind changed and a broken message", () => {
    const es = { Page: { greeting: "¡Hola, {nombre}!", count: "{n} eventos", kinds: { a: "A", c: "C" } } };
    expect(check({ en: EN, es }, SOURCE)).toEqual([
      'es.json: "Page.kinds.b" is missing (English: "B")',
      'es.json: "Page.kinds.c" is not in en.json',
      'es.json: "Page.greeting" takes {nombre}, English takes {name}',
      'es.json: "Page.count" takes {n}, English takes {n, plural}',
    ]);
    expect(check({ en: EN, es: { ...ES, Page: { ...ES.Page, greeting: "¡Hola, {name!" } } }, SOURCE)[0]).toMatch(/"Page.greeting" is not a valid ICU message/);
  });

  it("finds a select's branches changed and a tag dropped", () => {
    const en = { Page: { greeting: "{role, select, guardian {Guardian} other {Member}} <b>{name}</b>", count: "{n}", kinds: { a: "A", b: "B" } } };
    const es = { Page: { greeting: "{role, select, other {Miembro}} {name}", count: "{n}", kinds: { a: "A", b: "B" } } };
    expect(check({ en, es }, SOURCE)).toEqual([
      'es.json: "Page.greeting" takes {name} {role, select}, English takes {b, tag} {name} {role, select}',
      'es.json: "Page.greeting" chooses {role} among other, English among guardian, other',
    ]);
  });

  it("finds a key the source never uses, one it uses that English lacks, and languages offered without their file", () => {
    const source = `${SOURCE}\n  t("farewell");\n`;
    expect(check({ en: { ...EN, Page: { ...EN.Page, unused: "Never" } } }, source, ["en", "es"])).toEqual([
      "the languages offered (en, es) are not the messages files (en)",
      'en.json: "Page.unused" is not used in the source',
      'the source uses "Page.farewell", which en.json lacks',
    ]);
  });
});
