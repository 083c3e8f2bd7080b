/**
 * The message data each page sends the browser (issue 41): every `<ClientMessages namespaces={[…]}>` of the
 * source, with the shared namespaces every page gets, picked from each language's messages and gzipped, must fit
 * the budget. The namespaces are read from the array written in the element, or from the `const` it names in
 * the same file; a list the check cannot read is a problem too, so none escapes it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { pickMessages } from "../../lib/i18n/pick-messages.ts";

export interface ClientBudgetOptions {
  messagesDir: string;
  files: readonly string[];
  locales: readonly string[];
  shared: readonly string[];
  budgetBytes: number;
  root: string;
}

const ELEMENT = /<ClientMessages\s+namespaces=\{([^}]*)\}/g;
const STRING = /["'`]([^"'`$]+)["'`]/g;

/** The namespaces of one element's list: an array literal, or the name of a `const` array in the file. */
function namespacesOf(expression: string, text: string): string[] | null {
  const trimmed = expression.trim();
  const literal = trimmed.startsWith("[") ? trimmed : new RegExp(`const\\s+${trimmed.replace(/[^\w$]/g, "")}\\s*(?::[^=]+)?=\\s*(\\[[^\\]]*\\])`).exec(text)?.[1];
  if (!literal || !/^\[[^\]]*\]/.test(literal)) return null;
  return [...literal.matchAll(STRING)].map((match) => match[1]!);
}

export function checkClientBudget(options: ClientBudgetOptions): { problems: string[]; largest: string } {
  const problems: string[] = [];
  const catalogs = new Map(options.locales.map((locale) => [locale, JSON.parse(readFileSync(path.join(options.messagesDir, `${locale}.json`), "utf8")) as Record<string, never>]));
  let largest = { bytes: 0, where: "" };
  for (const file of options.files) {
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(ELEMENT)) {
      const where = `${path.relative(options.root, file)}:${text.slice(0, match.index).split("\n").length}`;
      const namespaces = namespacesOf(match[1]!, text);
      if (!namespaces) {
        problems.push(`${where}: the namespaces of <ClientMessages> are not a list this check can read (write an array of strings, or a const one in the file)`);
        continue;
      }
      for (const [locale, catalog] of catalogs) {
        const bytes = gzipSync(JSON.stringify(pickMessages(catalog, [...options.shared, ...namespaces]))).length;
        if (bytes > options.budgetBytes) problems.push(`${where}: sends ${bytes} bytes (gzip) of ${locale} messages, over the ${options.budgetBytes}-byte budget`);
        if (bytes > largest.bytes) largest = { bytes, where: `${where} (${locale})` };
      }
    }
  }
  return { problems, largest: largest.where ? `largest page ${largest.bytes} bytes gzip at ${largest.where}` : "no page sends messages" };
}
