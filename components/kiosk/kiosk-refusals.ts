import { KIOSK_REFUSAL_AND, KIOSK_REFUSAL_LISTS, KIOSK_REFUSALS, type KioskRefusalKey } from "@/lib/check-in/kiosk-refusals";

/**
 * Which of the check-in domain's refusals (lib/check-in/kiosk-refusals.ts) an answer's sentence is, so the kiosk
 * can say it in the visit's language (issue 41): its key, and what the API filled its placeholders with (first
 * names, an event's title, a number), a list of first names as a list.
 */
export interface KnownRefusal {
  key: KioskRefusalKey;
  values: Record<string, string | string[]>;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Each sentence as a pattern whose placeholders take whatever the API put there. Those with the most words of
 * their own are tried first: "Amy is already checked in to Kids at the same time: …" is that refusal, not
 * "… checked in to {event}: …" about an event called "Kids at the same time".
 */
const PATTERNS = (Object.keys(KIOSK_REFUSALS) as KioskRefusalKey[])
  .map((key) => {
    const parts = KIOSK_REFUSALS[key].split(/\{(\w+)\}/);
    const names = parts.filter((_, index) => index % 2 === 1);
    const source = parts.map((part, index) => (index % 2 === 1 ? "(.+?)" : escaped(part))).join("");
    return { key, names, pattern: new RegExp(`^${source}$`, "s"), words: parts.filter((_, index) => index % 2 === 0).join("").length };
  })
  .sort((a, b) => b.words - a.words);

/** The refusal an answer's `error_description` is, as the API wrote it; null for any other sentence. */
export function knownRefusal(description: string): KnownRefusal | null {
  for (const { key, names, pattern } of PATTERNS) {
    const match = pattern.exec(description);
    if (!match) continue;
    const values: Record<string, string | string[]> = {};
    names.forEach((name, index) => {
      const value = match[index + 1]!;
      values[name] = KIOSK_REFUSAL_LISTS.has(name) ? value.split(KIOSK_REFUSAL_AND) : value;
    });
    return { key, values };
  }
  return null;
}
