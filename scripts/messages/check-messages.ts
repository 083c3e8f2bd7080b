/**
 * The messages check (issue 41): every language has exactly the keys English has, every message parses as ICU
 * (plurals and selects need `other`), each translation takes the same arguments as English (names and kinds:
 * plain, number, date, time, select, plural, selectordinal, tags) and its selects the same branches, the
 * languages offered (lib/kernel/locales.ts) are the messages files, no English key goes unused by the source
 * and the source uses no key English lacks.
 *
 * Parsed by @formatjs/icu-messageformat-parser, the parser next-intl itself uses. Source conventions it reads:
 *   const t = useTranslations("Ns") | await getTranslations("Ns") | await getTranslations({ namespace: "Ns" })
 *           | createTranslator({ …, namespace: "Ns" }) | translatorFor(locale, "Ns")
 *   t("key"), t.rich("key"), t.markup("key"), t.has("key"), t.raw("key")      → Ns.key
 *   t(`prefix.${x}`)                                                          → every key under Ns.prefix
 *   // i18n-uses: Ns.prefix.*  (or an exact key)                              → for t(variable)
 *   // i18n-namespace: Ns      a file whose `t` arrives as a parameter
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";

export interface MessagesCheckOptions {
  messagesDir: string;
  sourceDirs: readonly string[];
  locales: readonly string[];
  sourceLocale?: string;
}

export interface MessagesCheckResult {
  problems: string[];
  summary: string;
}

type Tree = { [key: string]: string | Tree };

interface Signature {
  /** Argument name → its kinds, e.g. `plural` or `plain|number`. */
  args: Map<string, string>;
  selects: Map<string, string[]>;
}

function flatten(tree: Tree, prefix: string, into: Map<string, string>, file: string, problems: string[]): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const full = `${prefix}${key}`;
    if (key.includes(".")) problems.push(`${file}: the key "${full}" has a dot (next-intl reads dots as nesting)`);
    if (typeof value === "string") into.set(full, value);
    else if (value !== null && typeof value === "object" && !Array.isArray(value)) flatten(value, `${full}.`, into, file, problems);
    else problems.push(`${file}: "${full}" is neither a message nor a group of them`);
  }
  return into;
}

function signatureOf(elements: readonly MessageFormatElement[], into: Signature = { args: new Map(), selects: new Map() }): Signature {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    const name = element.value;
    const note = (kind: string) => {
      const before = into.args.get(name);
      into.args.set(name, before && before !== kind ? [...new Set([...before.split("|"), kind])].sort().join("|") : kind);
    };
    switch (element.type) {
      case TYPE.argument:
        note("plain");
        break;
      case TYPE.number:
        note("number");
        break;
      case TYPE.date:
        note("date");
        break;
      case TYPE.time:
        note("time");
        break;
      case TYPE.tag:
        note("tag");
        signatureOf(element.children, into);
        break;
      case TYPE.select:
        note("select");
        into.selects.set(name, Object.keys(element.options).sort());
        for (const option of Object.values(element.options)) signatureOf(option.value, into);
        break;
      case TYPE.plural:
        // Plural categories differ by language (Spanish has `many`): only the arguments are compared.
        note(element.pluralType === "ordinal" ? "selectordinal" : "plural");
        for (const option of Object.values(element.options)) signatureOf(option.value, into);
        break;
    }
  }
  return into;
}

function describeSignature(signature: Signature): string {
  return (
    [...signature.args]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, kind]) => `{${name}${kind === "plain" ? "" : `, ${kind}`}}`)
      .join(" ") || "(none)"
  );
}

export function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return ["node_modules", "generated", ".next"].includes(name) ? [] : sourceFiles(full);
    return /\.(tsx?|mts|mjs)$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

const FACTORY = /(?:const|let)\s+(\w+)\s*=\s*(?:await\s+)?(?:useTranslations|getTranslations|createTranslator|translatorFor)\s*\(([^)]*)\)/g;
const FIRST_STRING = /^\s*["'`]([^"'`$]*)["'`]/;
const NAMESPACE_PROPERTY = /namespace\s*:\s*["'`]([^"'`$]+)["'`]/;
const SECOND_STRING = /^[^,]+,\s*["'`]([^"'`$]+)["'`]/;

/** The keys the source uses: exact ones, prefixes of dynamic ones, and how many calls could not be read. */
function keysUsedBy(files: readonly string[]): { used: Set<string>; prefixes: Set<string>; unresolved: number } {
  const used = new Set<string>();
  const prefixes = new Set<string>();
  let unresolved = 0;
  const qualified = (namespace: string | undefined, key: string) => (namespace ? `${namespace}.${key}` : key);
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const translators = new Map<string, string | undefined>();
    for (const match of text.matchAll(FACTORY)) {
      const inside = match[2] ?? "";
      const namespace = NAMESPACE_PROPERTY.exec(inside)?.[1] ?? (match[0].includes("translatorFor") ? SECOND_STRING.exec(inside)?.[1] : FIRST_STRING.exec(inside)?.[1]);
      translators.set(match[1]!, namespace || undefined);
    }
    const fileNamespace = /i18n-namespace:\s*([\w.]+)/.exec(text)?.[1];
    if (fileNamespace && !translators.has("t")) translators.set("t", fileNamespace);
    for (const match of text.matchAll(/i18n-uses:\s*([\w.*]+)/g)) {
      const spec = match[1]!;
      if (spec.endsWith("*")) prefixes.add(spec.slice(0, -1));
      else used.add(spec);
    }
    for (const [name, namespace] of translators) {
      const call = new RegExp(`\\b${name}(?:\\.(?:rich|markup|has|raw))?\\(\\s*(?:"([^"]+)"|'([^']+)'|\`([^\`]*)\`|([^)\\s,]+))`, "g");
      for (const match of text.matchAll(call)) {
        const literal = match[1] ?? match[2];
        const template = match[3];
        if (literal !== undefined) used.add(qualified(namespace, literal));
        else if (template !== undefined) {
          if (template.includes("${")) prefixes.add(qualified(namespace, template.split("${")[0]!));
          else used.add(qualified(namespace, template));
        } else unresolved += 1;
      }
    }
  }
  return { used, prefixes, unresolved };
}

export function checkMessages(options: MessagesCheckOptions): MessagesCheckResult {
  const sourceLocale = options.sourceLocale ?? "en";
  const problems: string[] = [];
  const catalogs = new Map<string, Map<string, string>>();
  const files = readdirSync(options.messagesDir).filter((name) => name.endsWith(".json")).sort();
  for (const name of files) {
    let tree: Tree;
    try {
      tree = JSON.parse(readFileSync(path.join(options.messagesDir, name), "utf8")) as Tree;
    } catch (error) {
      problems.push(`${name}: not valid JSON (${(error as Error).message})`);
      continue;
    }
    catalogs.set(name.replace(/\.json$/, ""), flatten(tree, "", new Map(), name, problems));
  }
  const offered = [...options.locales].sort().join(", ");
  const present = files.map((name) => name.replace(/\.json$/, "")).join(", ");
  if (offered !== present) problems.push(`the languages offered (${offered}) are not the messages files (${present})`);
  const source = catalogs.get(sourceLocale);
  if (!source) return { problems: [...problems, `${sourceLocale}.json is missing`], summary: "" };

  const signatures = new Map<string, Map<string, Signature>>();
  for (const [locale, catalog] of catalogs) {
    const parsed = new Map<string, Signature>();
    for (const [key, message] of catalog) {
      if (message.trim() === "") {
        problems.push(`${locale}.json: "${key}" is empty`);
        continue;
      }
      try {
        parsed.set(key, signatureOf(parse(message, { requiresOtherClause: true })));
      } catch (error) {
        problems.push(`${locale}.json: "${key}" is not a valid ICU message (${(error as Error).message})`);
      }
    }
    signatures.set(locale, parsed);
  }
  for (const [locale, catalog] of catalogs) {
    if (locale === sourceLocale) continue;
    for (const key of source.keys()) if (!catalog.has(key)) problems.push(`${locale}.json: "${key}" is missing (English: ${JSON.stringify(source.get(key))})`);
    for (const key of catalog.keys()) if (!source.has(key)) problems.push(`${locale}.json: "${key}" is not in ${sourceLocale}.json`);
    for (const [key, theirs] of signatures.get(locale)!) {
      const ours = signatures.get(sourceLocale)!.get(key);
      if (!ours) continue;
      if (describeSignature(ours) !== describeSignature(theirs)) problems.push(`${locale}.json: "${key}" takes ${describeSignature(theirs)}, English takes ${describeSignature(ours)}`);
      for (const [name, branches] of ours.selects) {
        const their = theirs.selects.get(name);
        if (their && their.join() !== branches.join()) problems.push(`${locale}.json: "${key}" chooses {${name}} among ${their.join(", ")}, English among ${branches.join(", ")}`);
      }
    }
  }

  const { used, prefixes, unresolved } = keysUsedBy(options.sourceDirs.flatMap(sourceFiles));
  const isUsed = (key: string) => used.has(key) || [...prefixes].some((prefix) => key.startsWith(prefix));
  for (const key of source.keys()) if (!isUsed(key)) problems.push(`${sourceLocale}.json: "${key}" is not used in the source`);
  for (const key of used) {
    if (!source.has(key) && ![...source.keys()].some((known) => known.startsWith(`${key}.`))) problems.push(`the source uses "${key}", which ${sourceLocale}.json lacks`);
  }
  return {
    problems,
    summary: `messages ok: ${catalogs.size} languages, ${source.size} messages, ${used.size} keys used by name, ${prefixes.size} by prefix, ${unresolved} t(variable) calls not read`,
  };
}
