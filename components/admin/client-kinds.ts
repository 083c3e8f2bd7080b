import { DEVICE_CODE_GRANT_TYPE } from "@/lib/oauth/device/device-policy";
import type { GrantType } from "@/lib/oauth/clients/grant-types";
import type { AdminClient } from "@/lib/oauth/clients/staff-schemas";
import { SUPPORTED_SCOPES, type SupportedScope } from "@/lib/oauth/scopes";

/**
 * Staff › Apps in a church office's words (issue 38, item 14): the kinds of app the register form offers, the
 * settings each fills in for the office, and what the list calls an app from its settings. Pure: the form,
 * the list and their unit test share it. The protocol's own names are shown only under "Advanced" and
 * "Technical details".
 */

/** What the register form asks first. "other" shows every field. */
export type AppKind = "website" | "phone" | "kiosk" | "other";

/** The settings a kind fills in; the office may change them under "Advanced". */
export interface TechnicalSettings {
  type: "confidential" | "public";
  grant_types: readonly GrantType[];
  scopes: readonly SupportedScope[];
  first_party: boolean;
  require_pkce: boolean;
  require_nonce_without_pkce: boolean;
  require_pushed_authorization_requests: boolean;
  dpop_bound_access_tokens: boolean;
  backchannel_logout_session_required: boolean;
}

export interface AppPreset {
  kind: AppKind;
  /** The radio card's title. */
  title: string;
  /** What it is, under the title. */
  description: string;
  settings: TechnicalSettings;
}

const SAFE_DEFAULTS = {
  first_party: false,
  require_pkce: true,
  require_nonce_without_pkce: true,
  require_pushed_authorization_requests: false,
  dpop_bound_access_tokens: false,
  backchannel_logout_session_required: false,
} as const;

export const APP_PRESETS: Record<AppKind, AppPreset> = {
  website: {
    kind: "website",
    title: "A website that signs members in",
    description: "Such as a small-group site or a giving page with its own server. Members see its name and are asked to allow it the first time. You get a secret to give its developer.",
    settings: { ...SAFE_DEFAULTS, type: "confidential", grant_types: ["authorization_code", "refresh_token"], scopes: ["openid", "profile", "email"] },
  },
  phone: {
    kind: "phone",
    title: "A phone or tablet app",
    description: "An app members install. It keeps no secret, and what it is given works only on the phone that asked for it. Members stay signed in until they sign out.",
    settings: {
      ...SAFE_DEFAULTS,
      type: "public",
      grant_types: ["authorization_code", "refresh_token"],
      scopes: ["openid", "profile", "email", "offline_access"],
      dpop_bound_access_tokens: true,
    },
  },
  kiosk: {
    kind: "kiosk",
    title: "A lobby check-in kiosk",
    description: "The tablet in a campus lobby where families check children in and out. A volunteer sets it up once with a code; it works only for that campus’s events.",
    settings: { ...SAFE_DEFAULTS, type: "public", grant_types: [DEVICE_CODE_GRANT_TYPE, "refresh_token"], scopes: ["openid", "check-in:kiosk"], first_party: true },
  },
  other: {
    kind: "other",
    title: "Something else",
    description: "Its developer tells you how it signs in. Every setting is shown.",
    settings: { ...SAFE_DEFAULTS, type: "confidential", grant_types: ["authorization_code", "refresh_token"], scopes: ["openid", "profile", "email"] },
  },
};

export const APP_KINDS: readonly AppKind[] = ["website", "phone", "kiosk", "other"];

/**
 * What each scope lets an app see or do, about the member who signs in, as the office says it (the consent
 * screen says it to the member, lib/oauth/scopes.ts). Typed by the scopes, so a new scope needs its words.
 */
export const SCOPE_WORDS: Record<SupportedScope, string> = {
  openid: "Who they are, when they sign in",
  profile: "Their name and language",
  email: "Their email address",
  phone: "Their phone number",
  offline_access: "Staying signed in when they are not using it",
  membership: "Whether they are a church member, and their campus",
  "account:sessions": "Where they are signed in and their security log, and signing devices out",
  "account:mfa": "Their two-step sign-in and recovery codes",
  "account:recovery": "Their recovery contacts and mobile number",
  "account:consents": "Which apps may use their account",
  "account:privacy": "A copy of their data, and deleting their account",
  "account:family": "Joining a family and its code",
  "account:dependents": "Acting as guardian for their dependants",
  "account:linked-identities": "Signing in with other providers",
  "account:membership": "Finding and claiming their membership record",
  staff: "The church office tools their roles allow",
  "account:check-in": "Their check-in code, checking in and their attendance",
  "check-in:kiosk": "Checking people in and out at one campus’s kiosk",
  "account:calendar": "Event sign-ups for them and their children, and their schedule",
  "account:profile": "Changing their name, email address and password",
};

/** A client's scopes in the office's words, in the order scopes are listed everywhere; unknown ones by name. */
export function scopesInWords(scopes: readonly string[]): string[] {
  const known = SUPPORTED_SCOPES.filter((scope) => scopes.includes(scope)).map((scope) => SCOPE_WORDS[scope]);
  const unknown = scopes.filter((scope) => !(SUPPORTED_SCOPES as readonly string[]).includes(scope));
  return [...known, ...unknown];
}

/** The grant types in a developer's words, with their names (shown under "Advanced" and "Technical details"). */
export const GRANT_WORDS: Record<GrantType, string> = {
  authorization_code: "Members sign in through the browser (authorization_code)",
  refresh_token: "Stays signed in (refresh_token)",
  client_credentials: "Calls on its own behalf, no member (client_credentials)",
  [DEVICE_CODE_GRANT_TYPE]: "Set up on a kiosk or TV with a code (device_code, RFC 8628)",
};

/** What the list calls an app, from its settings. */
export type ListedKind = "website" | "phone" | "kiosk" | "device" | "server" | "other";

export function listedKindOf(client: Pick<AdminClient, "type" | "grant_types" | "check_in_campus">): ListedKind {
  if (client.check_in_campus) return "kiosk";
  if (client.grant_types.includes("authorization_code")) return client.type === "confidential" ? "website" : "phone";
  if (client.grant_types.includes(DEVICE_CODE_GRANT_TYPE)) return "device";
  if (client.grant_types.includes("client_credentials")) return "server";
  return "other";
}

/** "Website", "Phone app", "Check-in kiosk at Harbor Point": the kind on an app's card. */
export function kindInWords(client: Pick<AdminClient, "type" | "grant_types" | "check_in_campus">): string {
  const kind = listedKindOf(client);
  switch (kind) {
    case "kiosk":
      return `Check-in kiosk at ${client.check_in_campus?.name ?? "a campus"}`;
    case "website":
      return "Website";
    case "phone":
      return "Phone app";
    case "device":
      return "Screen set up with a code";
    case "server":
      return "Server";
    case "other":
      return "Other app";
  }
}

/** What a kind means, said once under the card's title. */
export const LISTED_KIND_HINTS: Record<ListedKind, string> = {
  website: "Members sign in to it in their browser; it keeps a secret on its server.",
  phone: "Members sign in to it on their own phone or in their browser; it keeps no secret.",
  kiosk: "A lobby tablet that checks people in and out at its campus.",
  device: "A screen such as a TV, set up with a code a member types on their phone.",
  server: "A server acting on its own: no member signs in to it.",
  other: "",
};
