import type { useTranslations } from "next-intl";
import { DEVICE_CODE_GRANT_TYPE } from "@/lib/oauth/device/device-policy";
import { GRANT_TYPES, type GrantType } from "@/lib/oauth/clients/grant-types";
import type { AdminClient } from "@/lib/oauth/clients/staff-schemas";
import { SUPPORTED_SCOPES, type SupportedScope } from "@/lib/oauth/scopes";

// i18n-namespace: AdminClients

/**
 * Staff › Apps in a church office's words (issue 38, item 14): the kinds of app the register form offers, the
 * settings each fills in for the office, and what the list calls an app from its settings. Pure: the form,
 * the list and their unit test share it; the words are the "AdminClients" messages (issue 41), through the
 * page's translator. The protocol's own names are shown only under "Advanced" and "Technical details".
 */

/** The translator of the "AdminClients" messages: `useTranslations("AdminClients")`, or translatorFor in a test. */
export type ClientsT = ReturnType<typeof useTranslations<"AdminClients">>;

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

/** A kind's settings; its radio card's words are `kinds.<kind>.title` and `kinds.<kind>.description` (kindTitle, kindDescription). */
export interface AppPreset {
  kind: AppKind;
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
    settings: { ...SAFE_DEFAULTS, type: "confidential", grant_types: ["authorization_code", "refresh_token"], scopes: ["openid", "profile", "email"] },
  },
  phone: {
    kind: "phone",
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
    settings: { ...SAFE_DEFAULTS, type: "public", grant_types: [DEVICE_CODE_GRANT_TYPE, "refresh_token"], scopes: ["openid", "check-in:kiosk"], first_party: true },
  },
  other: {
    kind: "other",
    settings: { ...SAFE_DEFAULTS, type: "confidential", grant_types: ["authorization_code", "refresh_token"], scopes: ["openid", "profile", "email"] },
  },
};

export const APP_KINDS: readonly AppKind[] = ["website", "phone", "kiosk", "other"];

/** The radio card's title of a kind: "A website that signs members in". */
export function kindTitle(kind: AppKind, t: ClientsT): string {
  return t(`kinds.${kind}.title`);
}

/** What a kind is, under its title. */
export function kindDescription(kind: AppKind, t: ClientsT): string {
  return t(`kinds.${kind}.description`);
}

/**
 * What a scope lets an app see or do, about the member who signs in, as the office says it (the consent
 * screen says it to the member, lib/oauth/scopes.ts): the message `scopes.<scope>`, one for every scope (the
 * unit test holds every language to it).
 */
export function scopeWords(scope: SupportedScope, t: ClientsT): string {
  return t(`scopes.${scope}`);
}

/** A client's scopes in the office's words, in the order scopes are listed everywhere; unknown ones by name. */
export function scopesInWords(scopes: readonly string[], t: ClientsT): string[] {
  const known = SUPPORTED_SCOPES.filter((scope) => scopes.includes(scope)).map((scope) => scopeWords(scope, t));
  const unknown = scopes.filter((scope) => !(SUPPORTED_SCOPES as readonly string[]).includes(scope));
  return [...known, ...unknown];
}

/** A grant type in a developer's words, with its name (shown under "Advanced" and "Technical details"); an unknown one by name. */
export function grantWords(grant: string, t: ClientsT): string {
  return isGrantType(grant) ? t(`grants.${grant}`) : grant;
}

function isGrantType(grant: string): grant is GrantType {
  return (GRANT_TYPES as readonly string[]).includes(grant);
}

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
export function kindInWords(client: Pick<AdminClient, "type" | "grant_types" | "check_in_campus">, t: ClientsT): string {
  const kind = listedKindOf(client);
  if (kind === "kiosk") return client.check_in_campus ? t("listed.kioskAt", { campus: client.check_in_campus.name }) : t("listed.kioskSomewhere");
  return t(`listed.${kind}`);
}

/** What a kind means, said once under the card's title; nothing for "other". */
export function listedKindHint(kind: ListedKind, t: ClientsT): string | null {
  return kind === "other" ? null : t(`hints.${kind}`);
}
