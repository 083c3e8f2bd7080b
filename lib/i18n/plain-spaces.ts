/**
 * ICU's no-break and narrow no-break spaces as plain ones. The server's ICU and the browser's disagree on them:
 * Node 20's (CLDR 48) writes Spanish's afternoon "p.\u202Fm.", Chromium's "p. m.", so a time rendered on the
 * server and again in the browser differed, and React threw the server's page away (a hydration error). Where
 * the words must stay on one line, the element says so (`nowrap`), not the character.
 */
export function plainSpaces(text: string): string {
  return text.replace(/[\u00A0\u202F]/g, " ");
}
