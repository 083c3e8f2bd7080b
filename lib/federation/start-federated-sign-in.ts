import "server-only";
import { buildAuthorizationUrl, calculatePKCECodeChallenge, randomNonce, randomPKCECodeVerifier, randomState } from "openid-client";
import { AccountError, type CookieToSet } from "../accounts/errors.ts";
import { sealSecret } from "../crypto/secret-box.ts";
import { hashToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { TooManyAttemptsError } from "../limits/errors.ts";
import { attemptKey } from "../limits/keys.ts";
import type { AttemptPolicy } from "../limits/policies.ts";
import { takeAttemptOrThrow } from "../limits/take-attempt.ts";
import { safeRelativePath } from "../sign-in/return-to.ts";
import { ATTEMPT_TTL_SECONDS, attemptCookie } from "./cookies.ts";
import { getEnabledProvider } from "./providers.ts";
import { federatedCallbackUrl, relyingPartyFor } from "./relying-party.ts";
import type { FederatedIntent } from "./schemas.ts";

export const VERIFIER_PURPOSE = "federated-attempt";

/**
 * Starts from one IP address: each one writes a row, so a machine may not write them without end. Generous
 * (a church's guest Wi-Fi is one address): 30 in a quarter of an hour, then 30 s, 1, 2 … min, at most 15.
 */
const START_POLICY: AttemptPolicy = { freeFailures: 30, baseDelaySeconds: 30, maxDelaySeconds: 15 * 60, windowSeconds: 15 * 60 };

export interface StartedFederatedSignIn {
  /** The provider's authorization endpoint with our request (PKCE S256, state, nonce). */
  authorizationUrl: string;
  /** Binds the attempt to this browser (lib/federation/cookies.ts). */
  cookie: CookieToSet;
}

/**
 * "Continue with <provider>" or "Link": parks one attempt in PostgreSQL (state hashed, PKCE verifier
 * sealed, nonce, what to do on return) for ten minutes, and answers where to send the browser. Nothing
 * of it is kept in process memory, so the callback may land on any instance.
 */
export async function startFederatedSignIn(
  database: Database,
  input: { providerId: string; intent: FederatedIntent; userId: string | null; request?: string; returnTo?: string; context: RequestContext },
  now = new Date(),
): Promise<StartedFederatedSignIn> {
  const ipKey = input.context.ip ? attemptKey("federated-start:ip", input.context.ip, START_POLICY) : null;
  // Every start counts, checked and counted in one statement (lib/limits/take-attempt.ts); the one that goes
  // past the free ones is refused already, as a wrong password is, before the provider is asked anything.
  const attempt = await takeAttemptOrThrow(database, [ipKey], now);
  if (attempt.retryAfterSeconds > 0) throw new TooManyAttemptsError(attempt.retryAfterSeconds);
  const provider = await getEnabledProvider(database, input.providerId);
  if (!provider) throw new AccountError("federation_unavailable");
  let configuration;
  try {
    configuration = await relyingPartyFor(provider);
  } catch (error) {
    console.error(JSON.stringify({ level: "error", event: "federation_discovery_failed", provider: provider.id, reason: errorName(error) }));
    throw new AccountError("federation_unavailable");
  }

  const state = randomState();
  const nonce = randomNonce();
  const verifier = randomPKCECodeVerifier();
  // Expired attempts of anyone are cleared here, so the table stays small without a scheduled job.
  await database.prisma.federatedLoginAttempt.deleteMany({ where: { expiresAt: { lt: now } } });
  await database.prisma.federatedLoginAttempt.create({
    data: {
      stateHash: hashToken(state),
      providerId: provider.id,
      codeVerifierEncrypted: await sealSecret(VERIFIER_PURPOSE, verifier),
      nonce,
      intent: input.intent,
      userId: input.userId,
      request: input.request ?? null,
      returnTo: safeRelativePath(input.returnTo),
      expiresAt: new Date(now.getTime() + ATTEMPT_TTL_SECONDS * 1000),
    },
    select: { stateHash: true },
  });

  const url = buildAuthorizationUrl(configuration, {
    redirect_uri: federatedCallbackUrl(),
    scope: provider.scopes.join(" "),
    state,
    nonce,
    code_challenge: await calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  });
  return { authorizationUrl: url.href, cookie: await attemptCookie(state, now) };
}

/** What of an error may be logged: its class and code, never a message that could quote a response. */
export function errorName(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? `${error.name} ${code}` : error.name;
}
