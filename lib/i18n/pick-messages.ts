/**
 * The part of a catalogue under the dotted namespaces given ("Account.Profile" keeps Account › Profile and
 * nothing else of Account), in the catalogue's own shape, so a translator of any of those namespaces finds
 * its keys where it looks. An unknown namespace is simply absent: the message check (npm run lint:messages)
 * catches a key the source uses that the catalogue lacks.
 */
type Tree = { readonly [key: string]: string | Tree };

/** What every page's browser-side components may read: the shared controls' words (components/ui) and the API's refusals (useApiMessages). */
export const SHARED_CLIENT_NAMESPACES = ["Ui", "ApiMessages", "AttemptLimits"] as const;

/** The most message data a page may send the browser, per language, compressed (issue 41). */
export const CLIENT_MESSAGES_BUDGET_BYTES = 15 * 1024;

export function pickMessages(messages: Tree, namespaces: readonly string[]): Tree {
  const picked: { [key: string]: string | Tree } = {};
  for (const namespace of namespaces) {
    const path = namespace.split(".");
    let from: string | Tree | undefined = messages;
    for (const key of path) from = typeof from === "object" ? from[key] : undefined;
    if (from === undefined) continue;
    let into = picked;
    for (const key of path.slice(0, -1)) {
      const next = into[key];
      into = into[key] = typeof next === "object" ? { ...next } : {};
    }
    into[path.at(-1)!] = from;
  }
  return picked;
}
