/**
 * What Account › Security says after a link attempt (`?federation=<outcome>&provider=<id>`). A closed
 * table, so a crafted link cannot put arbitrary text on the page; the provider is named only when the
 * page finds its id among the configured providers. Pure: the callback, the portal's link route and the
 * page share it.
 */
export const FEDERATION_OUTCOMES = {
  linked: { tone: "success", text: (name: string) => `Your ${name} account is linked. Next time you can sign in with “Continue with ${name}”.` },
  already_linked: { tone: "success", text: (name: string) => `That ${name} account is already linked to your account. Nothing was changed.` },
  linked_elsewhere: {
    tone: "error",
    text: (name: string) => `That ${name} account is linked to a different account here, so it can’t be linked to yours. Nothing was changed.`,
  },
  cancelled: { tone: "error", text: (name: string) => `Linking was cancelled at ${name}. Nothing was changed.` },
  failed: { tone: "error", text: (name: string) => `Linking with ${name} didn’t work, or took too long. Nothing was changed. Please try again.` },
  unavailable: { tone: "error", text: (name: string) => `${name} isn’t available right now. Nothing was changed. Please try again later.` },
  session_changed: {
    tone: "error",
    text: () => "You were signed out, or signed in as someone else, while linking. Nothing was changed. Please try again.",
  },
  link_expired: {
    tone: "error",
    text: () => "That link request has expired, was already used, or belongs to another account. Nothing was changed. You can start again below.",
  },
  link_cancelled: { tone: "success", text: () => "Nothing was linked." },
  too_many_requests: { tone: "error", text: () => "Too many attempts. Please wait a few minutes and try again." },
} as const satisfies Record<string, { tone: "success" | "error"; text: (providerName: string) => string }>;

export type FederationOutcome = keyof typeof FEDERATION_OUTCOMES;

export function isFederationOutcome(value: unknown): value is FederationOutcome {
  return typeof value === "string" && Object.hasOwn(FEDERATION_OUTCOMES, value);
}

export const SECURITY_PAGE_PATH = "/account/security";
/** The portal page that asks the member to confirm a pending link. */
export const LINK_CONFIRM_PATH = "/account/security/link";

export function securityPagePath(outcome: FederationOutcome, providerId?: string | null): string {
  const query = new URLSearchParams({ federation: outcome });
  if (providerId) query.set("provider", providerId);
  return `${SECURITY_PAGE_PATH}?${query.toString()}#linked-identities-title`;
}

/** The sentence for an outcome, naming the provider when known ("the provider" otherwise). */
export function federationOutcomeMessage(outcome: FederationOutcome, providerName: string | null): { tone: "success" | "error"; text: string } {
  const entry = FEDERATION_OUTCOMES[outcome];
  return { tone: entry.tone, text: entry.text(providerName ?? "the provider") };
}
