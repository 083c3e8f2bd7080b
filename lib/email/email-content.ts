/**
 * What an email's HTML part says, read from its plain-text body (issue 39, part 4): the builders keep writing
 * plain text (lib/accounts/account-messages.ts and the others), the outbox keeps storing it, and this turns
 * it into the parts the church's template (church-email.tsx) lays out. Pure, so every rule is unit-tested.
 *
 * - Blocks separated by a blank line are paragraphs; a single newline stays a line break.
 * - An http(s) address is a link whose words are the address itself: a member always sees where it goes.
 * - One of our own addresses (under BASE_URL) alone on a line becomes a button; its words come from a short
 *   line before it ending in ":" ("Sign in:"), else "Open". A short label and our address on one line
 *   ("Sign in: https://…/sign-in") become a button with that label. A label is short when it is a few
 *   plain words: a sentence ("If this was not you, choose…: …") keeps its address as a link. Another
 *   site's address is never hidden behind a button's words.
 * - A line ending in a one-time code ("Your code to sign in is: 123456"; the codes are 6 digits, see
 *   lib/verification-codes/verification-code-rules.ts) gives its words, then the code on its own, large.
 * - The closing signature ("— Grace Harbor Church", lib/accounts/account-messages.ts `email()`) is left out:
 *   the template's footer names the church.
 */

export type Inline = { kind: "text"; text: string } | { kind: "link"; href: string };

export type EmailBlock =
  | { kind: "paragraph"; lines: Inline[][] }
  | { kind: "code"; code: string }
  | { kind: "button"; href: string; label: string };

/** http(s) addresses as they appear in running text; trailing punctuation is the sentence's, not the address's. */
const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
const TRAILING_PUNCTUATION = /[.,;:!?)\]]+$/;
/** A line that is a code, or ends in one after a colon ("… is: 123456"): its words and the 6 digits. */
const CODE_LINE = /^(?:(.*:)\s+)?(\d{6})\.?$/;
/** A button's words: a few plain words, no sentence punctuation. */
const SHORT_LABEL = /^[\p{L}\p{N}][\p{L}\p{N} '’&-]{0,38}$/u;
const MAX_LABEL_WORDS = 5;
/** The signature line of `email()`: an em dash, a space, the church's name. */
const SIGNATURE = /^— \S/;
export const DEFAULT_BUTTON_LABEL = "Open";

/** The words of a line and the links in it. */
export function inlineParts(line: string): Inline[] {
  const parts: Inline[] = [];
  let rest = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    const href = match[0].replace(TRAILING_PUNCTUATION, "");
    const start = match.index;
    if (start > rest) parts.push({ kind: "text", text: line.slice(rest, start) });
    parts.push({ kind: "link", href });
    rest = start + href.length;
  }
  if (rest < line.length) parts.push({ kind: "text", text: line.slice(rest) });
  return parts;
}

/** Whether the address is one of our own pages (BASE_URL, without a trailing slash). */
export function isOwnAddress(href: string, baseUrl: string): boolean {
  const base = baseUrl.replace(/\/+$/, "");
  return href === base || href.startsWith(`${base}/`) || href.startsWith(`${base}?`);
}

function shortLabel(text: string): string | null {
  const label = text.trim().replace(/:$/, "").trim();
  if (!SHORT_LABEL.test(label) || label.split(/\s+/).length > MAX_LABEL_WORDS) return null;
  return label;
}

/** The line as the only address on it, when it is exactly one address. */
function loneAddress(line: string): string | null {
  const trimmed = line.trim();
  const parts = inlineParts(trimmed);
  return parts.length === 1 && parts[0]!.kind === "link" ? parts[0]!.href : null;
}

/** The body's blocks, the signature line left out. */
export function emailBlocks(body: string, baseUrl: string, defaultButtonLabel: string = DEFAULT_BUTTON_LABEL): EmailBlock[] {
  const chunks = body
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((chunk) => chunk.replace(/^\n+|\s+$/g, ""))
    .filter((chunk) => chunk.length > 0);
  const last = chunks.at(-1);
  if (last !== undefined && !last.includes("\n") && SIGNATURE.test(last)) chunks.pop();

  const blocks: EmailBlock[] = [];
  for (const chunk of chunks) {
    let lines: string[] = [];
    const flush = () => {
      if (lines.length > 0) blocks.push({ kind: "paragraph", lines: lines.map(inlineParts) });
      lines = [];
    };
    for (const line of chunk.split("\n")) {
      const code = CODE_LINE.exec(line.trim());
      if (code) {
        if (code[1]) lines.push(code[1]);
        flush();
        blocks.push({ kind: "code", code: code[2]! });
        continue;
      }
      const alone = loneAddress(line);
      if (alone && isOwnAddress(alone, baseUrl)) {
        const before = lines.at(-1);
        const label = before !== undefined && before.trimEnd().endsWith(":") ? shortLabel(before) : null;
        if (label) lines.pop();
        flush();
        blocks.push({ kind: "button", href: alone, label: label ?? defaultButtonLabel });
        continue;
      }
      const labelled = /^(.*?):\s+(\S+)$/.exec(line.trim());
      const href = labelled ? loneAddress(labelled[2]!) : null;
      const label = labelled && href === labelled[2] && isOwnAddress(href, baseUrl) ? shortLabel(labelled[1]!) : null;
      if (label && href) {
        flush();
        blocks.push({ kind: "button", href, label });
        continue;
      }
      lines.push(line);
    }
    flush();
  }
  return blocks;
}

/** The words of a paragraph, its addresses as written. */
function paragraphText(lines: Inline[][]): string {
  return lines
    .map((line) => line.map((part) => (part.kind === "text" ? part.text : part.href)).join(""))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The line an inbox shows beside the subject: the first paragraph that says something. Not the greeting
 * ("Hello Jane,"), not a line that leads into a code, and never a code itself: a locked phone shows this line.
 */
export function previewLine(blocks: readonly EmailBlock[], fallback: string): string {
  for (const block of blocks) {
    if (block.kind !== "paragraph") continue;
    const text = paragraphText(block.lines);
    if (/\d{6}/.test(text) || text.endsWith(":") || /^[^.!?]{0,60},$/.test(text)) continue;
    return clipped(text);
  }
  return clipped(fallback);
}

/** React Email's preview keeps 150 characters: cut at a word instead, and say so. */
const PREVIEW_LENGTH = 150;
function clipped(text: string): string {
  if (text.length <= PREVIEW_LENGTH) return text;
  const cut = text.slice(0, PREVIEW_LENGTH - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > PREVIEW_LENGTH / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, "")}…`;
}

/** The subject without the " · <church name>" every subject of `email()` ends with: the heading of the email. */
export function headingOf(subject: string, churchName: string): string {
  const suffix = ` · ${churchName}`;
  return subject.endsWith(suffix) && subject.length > suffix.length ? subject.slice(0, -suffix.length) : subject;
}
