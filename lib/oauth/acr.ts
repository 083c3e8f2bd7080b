/**
 * The Authentication Context Class of a sign-in (OIDC Core 2, `acr`), from what it proved (`amr`, RFC 8176):
 * `multi-factor` after a second factor, `single-factor` otherwise (a password, or a church-approved upstream
 * provider). Plain names rather than a registry's URNs: no registry names these two, and a client reads them.
 * `acr_values` in a request is voluntary (OIDC Core 3.1.2.1): the ID token says what the sign-in was.
 */
export const ACR_VALUES = ["single-factor", "multi-factor"] as const;
export type Acr = (typeof ACR_VALUES)[number];

export function acrOf(amr: readonly string[]): Acr {
  return amr.includes("mfa") ? "multi-factor" : "single-factor";
}
