import { AREA_SCOPES, FIRST_PARTY_SCOPES } from "../scopes.ts";

/** A kiosk's scope is for kiosk clients bound to a campus (docs/decisions/0023), never the portal. */
const KIOSK_SCOPE = AREA_SCOPES.kiosk;

/**
 * What the member portal asks for: who the member is (`openid profile email phone`), their membership, and
 * the control of the account and of the church office that only the church's own clients may hold
 * (docs/decisions/0018). No `offline_access`: the portal's refresh token lives exactly as long as the
 * member's sign-in session. Pure: the seed, the portal's next-auth provider and the tests share it.
 */
export const PORTAL_SCOPES = ["openid", "profile", "email", "phone", "membership", ...FIRST_PARTY_SCOPES.filter((scope) => scope !== KIOSK_SCOPE)] as const;
