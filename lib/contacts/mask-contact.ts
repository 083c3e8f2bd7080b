/**
 * How recovery contacts and phone numbers are shown (decisions.md part 3: `j***@e***.org`,
 * `+44*******89`): enough for the member to recognise their own, too little for anyone else to use.
 * Every response, security-log entry and page shows contacts through these functions only. Pure.
 */
export type ContactChannel = "email" | "phone";

const HIDDEN = "***";

/**
 * `jane.doe@example.org` → `j***@e***.org`: the first character of the local part and of the domain,
 * and the top-level domain. The star count is fixed, so the mask does not tell the length.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  const local = at > 0 ? address.slice(0, at) : address;
  const domain = at > 0 ? address.slice(at + 1) : "";
  const dot = domain.lastIndexOf(".");
  const name = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : "";
  return `${[...local][0] ?? ""}${HIDDEN}@${[...name][0] ?? ""}${HIDDEN}${tld}`;
}

/**
 * `+447700900189` → `+44********89`: the first two digits (the country code, or its start) and the last
 * two, one star per hidden digit (as a phone shows `+44 •••• ••89`). Anything not E.164 is hidden whole.
 */
export function maskPhone(e164: string): string {
  const digits = e164.startsWith("+") ? e164.slice(1) : "";
  if (!/^\d{8,15}$/.test(digits)) return `+${HIDDEN}`;
  return `+${digits.slice(0, 2)}${"*".repeat(digits.length - 4)}${digits.slice(-2)}`;
}

export function maskContact(channel: ContactChannel, value: string): string {
  return channel === "email" ? maskEmail(value) : maskPhone(value);
}
