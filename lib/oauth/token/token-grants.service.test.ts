import { decodeJwt } from "jose";
import { afterAll, describe, expect, it } from "vitest";
import { thrownBy, serviceTestDatabase } from "../../db/service-test.ts";
import { insertClient, insertMember, insertSession } from "../../db/test-fixtures.ts";
import { OUTSIDE_ALLOWED_NETWORKS } from "../clients/allowed-networks.ts";
import { getClient, type OAuthClient } from "../clients/get-client.ts";
import { OAuthError } from "../errors.ts";
import { issueAuthorizationCode, type CodeGrantInput } from "../grants/authorization-codes.ts";
import { forgetCachedKeys } from "../keys.ts";
import { revokeToken } from "../revoke-token.ts";
import { checkTokenLiveness } from "../token-liveness.ts";
import { verifyAccessToken } from "../tokens.ts";
import { readUserinfo } from "../userinfo.ts";
import { exchangeAuthorizationCode } from "./authorization-code-grant.ts";
import { s256 } from "./pkce.ts";
import { exchangeRefreshToken } from "./refresh-token-grant.ts";

// The member grants of the token endpoint on a database with every migration (PGlite, or PostgreSQL with
// SERVICE_TEST_DATABASE_URL): what a replayed code, a reused refresh token and RFC 7009 revocation revoke.
const database = serviceTestDatabase();
afterAll(() => forgetCachedKeys());

const VERIFIER = "a-code-verifier-of-at-least-forty-three-characters";
const REDIRECT_URI = "https://app.example.org/callback";
/** A GET of /oauth/userinfo as its route hands it on (a bearer token needs nothing else of it). */
const USERINFO_REQUEST = { method: "GET", url: "http://localhost:3000/oauth/userinfo", headers: new Headers() };

async function rejection(promise: Promise<unknown>): Promise<{ code: string; description: string }> {
  const { code, description } = await thrownBy(OAuthError, promise);
  return { code, description };
}

/** A member signed in, a client, and a code issued to it in that session. */
async function codeForMember() {
  const member = await insertMember(database);
  const client = (await getClient(database, await insertClient(database)))! satisfies OAuthClient;
  const sessionId = await insertSession(database, member.id);
  const code = await issueCode({
    clientId: client.id,
    userId: member.id,
    sessionId,
    scope: "openid profile",
  });
  const form = new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI, code_verifier: VERIFIER });
  return { member, client, sessionId, form };
}

/** A code as the authorization endpoint issues it: to REDIRECT_URI, with PKCE for VERIFIER, unless told otherwise. */
function issueCode(fields: Pick<CodeGrantInput, "clientId" | "userId" | "sessionId" | "scope"> & Partial<CodeGrantInput>): Promise<string> {
  return issueAuthorizationCode(database, { redirectUri: REDIRECT_URI, nonce: null, codeChallenge: s256(VERIFIER), authTime: new Date(), amr: ["pwd"], claims: null, ...fields });
}

const grantsOf = (userId: string) => database.prisma.grant.findMany({ where: { userId }, select: { id: true, revokedReason: true } });
const refresh = (refreshToken: string) => new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken });

describe("the member grants", () => {
  it("a code yields tokens once; replayed, the grant it created is revoked (code_replay) and its token stops working", async () => {
    const { member, client, sessionId, form } = await codeForMember();
    const tokens = await exchangeAuthorizationCode(database, client, form);
    expect(tokens).toMatchObject({ token_type: "Bearer", scope: "openid profile", refresh_token: expect.any(String), id_token: expect.any(String) });
    const verified = await verifyAccessToken(database, tokens.access_token);
    expect(verified).toMatchObject({ sub: member.id, clientId: client.id, sid: sessionId });
    expect((await checkTokenLiveness(database, verified)).live).toBe(true);

    expect(await rejection(exchangeAuthorizationCode(database, client, form))).toEqual({
      code: "invalid_grant",
      description: "the authorization code was already used; the tokens issued from it are revoked",
    });
    expect(await grantsOf(member.id)).toEqual([{ id: verified.grantId, revokedReason: "code_replay" }]);
    expect((await checkTokenLiveness(database, verified)).live).toBe(false);
    // Only the grant: the member stays signed in.
    expect(await database.prisma.session.findUniqueOrThrow({ where: { id: sessionId }, select: { revokedAt: true } })).toEqual({ revokedAt: null });
  });

  describe("a client with require_pkce off (decision 0006)", () => {
    async function codeWithoutChallenge() {
      const member = await insertMember(database);
      const client = (await getClient(database, await insertClient(database, { requirePkce: false })))!;
      const code = await issueCode({
        clientId: client.id,
        userId: member.id,
        sessionId: await insertSession(database, member.id),
        scope: "openid",
        nonce: "n-0S6_WzA2Mj",
        codeChallenge: null,
      });
      return { client, form: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI }) };
    }

    it("exchanges a code issued without a challenge, without a verifier", async () => {
      const { client, form } = await codeWithoutChallenge();
      expect(await exchangeAuthorizationCode(database, client, form)).toMatchObject({ token_type: "Bearer", id_token: expect.any(String) });
    });

    it("refuses a verifier for a code issued without a challenge (the PKCE downgrade, RFC 9700 2.1.1), and spends the code", async () => {
      const { client, form } = await codeWithoutChallenge();
      form.set("code_verifier", VERIFIER);
      expect(await rejection(exchangeAuthorizationCode(database, client, form))).toEqual({
        code: "invalid_grant",
        description: "code_verifier was sent, but the authorization request had no code_challenge",
      });
      form.delete("code_verifier");
      expect((await rejection(exchangeAuthorizationCode(database, client, form))).code).toBe("invalid_grant");
    });

    it("still needs the verifier of a code whose request had a challenge", async () => {
      const { client, form } = await codeWithoutChallenge();
      const member = await insertMember(database);
      const code = await issueCode({
        clientId: client.id,
        userId: member.id,
        sessionId: await insertSession(database, member.id),
        scope: "openid",
      });
      form.set("code", code);
      expect(await rejection(exchangeAuthorizationCode(database, client, form))).toEqual({
        code: "invalid_grant",
        description: "code_verifier is required: the authorization request had a code_challenge",
      });
    });
  });

  it("claims asked for by name (OIDC Core 5.5): the ID token carries its own, userinfo its own, a refresh keeps them", async () => {
    const member = await insertMember(database);
    const client = (await getClient(database, await insertClient(database)))!;
    const code = await issueCode({
      clientId: client.id,
      userId: member.id,
      sessionId: await insertSession(database, member.id),
      scope: "openid",
      claims: { userinfo: ["name"], id_token: ["email"] },
    });
    const tokens = await exchangeAuthorizationCode(database, client, new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI, code_verifier: VERIFIER }));
    const idToken = decodeJwt(tokens.id_token!);
    expect(idToken.email).toBe(member.email);
    expect(idToken).not.toHaveProperty("name");
    expect(await readUserinfo(database, { scheme: "Bearer", token: tokens.access_token }, USERINFO_REQUEST, null)).toEqual({ sub: member.id, name: "Test Member" });

    const refreshed = await exchangeRefreshToken(database, client, refresh(tokens.refresh_token!));
    expect(decodeJwt(refreshed.id_token!).email).toBe(member.email);
    expect(await readUserinfo(database, { scheme: "Bearer", token: refreshed.access_token }, USERINFO_REQUEST, null)).toEqual({ sub: member.id, name: "Test Member" });
  });

  it("userinfo answers a token of a client limited to networks (a kiosk's) only from them: elsewhere invalid_token", async () => {
    const member = await insertMember(database);
    const clientId = await insertClient(database);
    await database.prisma.client.update({ where: { id: clientId }, data: { allowedNetworks: ["203.0.113.0/24"] } });
    const client = (await getClient(database, clientId))!;
    const code = await issueCode({ clientId, userId: member.id, sessionId: await insertSession(database, member.id), scope: "openid" });
    const tokens = await exchangeAuthorizationCode(database, client, new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI, code_verifier: VERIFIER }));
    const presented = { scheme: "Bearer", token: tokens.access_token } as const;
    for (const address of ["198.51.100.7", null]) {
      expect(await thrownBy(OAuthError, readUserinfo(database, presented, USERINFO_REQUEST, address))).toMatchObject({ code: "invalid_token", description: OUTSIDE_ALLOWED_NETWORKS });
    }
    expect(await readUserinfo(database, presented, USERINFO_REQUEST, "203.0.113.9")).toEqual({ sub: member.id });
  });

  it("a refresh token rotates; presented again, the grant (refresh_token_reuse), its session and the session's other grants end", async () => {
    const first = await codeForMember();
    const firstTokens = await exchangeAuthorizationCode(database, first.client, first.form);
    // A second app's grant in the same sign-in.
    const secondClient = (await getClient(database, await insertClient(database)))!;
    const secondCode = await issueCode({
      clientId: secondClient.id,
      userId: first.member.id,
      sessionId: first.sessionId,
      scope: "openid",
    });
    const secondTokens = await exchangeAuthorizationCode(database, secondClient, new URLSearchParams({ ...Object.fromEntries(first.form), code: secondCode }));

    const rotated = await exchangeRefreshToken(database, first.client, refresh(firstTokens.refresh_token!));
    expect(rotated.refresh_token).toEqual(expect.any(String));
    expect(await rejection(exchangeRefreshToken(database, first.client, refresh(firstTokens.refresh_token!)))).toEqual({
      code: "invalid_grant",
      description: "the refresh token was already used; the whole grant and its session are revoked",
    });
    const firstGrant = (await verifyAccessToken(database, firstTokens.access_token)).grantId;
    const secondGrant = (await verifyAccessToken(database, secondTokens.access_token)).grantId;
    const reasons = Object.fromEntries((await grantsOf(first.member.id)).map((grant) => [grant.id, grant.revokedReason]));
    expect(reasons).toEqual({ [firstGrant!]: "refresh_token_reuse", [secondGrant!]: "session_revoked" });
    expect(await database.prisma.session.findUniqueOrThrow({ where: { id: first.sessionId }, select: { revokedAt: true } })).toEqual({ revokedAt: expect.any(Date) });
    // The rotated token died with its grant.
    expect(await rejection(exchangeRefreshToken(database, first.client, refresh(rotated.refresh_token!)))).toEqual({
      code: "invalid_grant",
      description: "the grant has been revoked",
    });
  });

  it("RFC 7009: revoking a refresh token revokes its grant (revocation); another client's token is ignored", async () => {
    const { member, client, form } = await codeForMember();
    const tokens = await exchangeAuthorizationCode(database, client, form);
    const otherClient = (await getClient(database, await insertClient(database)))!;
    await revokeToken(database, otherClient, tokens.refresh_token!, "refresh_token");
    expect((await grantsOf(member.id)).map((grant) => grant.revokedReason)).toEqual([null]);
    await revokeToken(database, client, tokens.refresh_token!, "refresh_token");
    expect((await grantsOf(member.id)).map((grant) => grant.revokedReason)).toEqual(["revocation"]);
  });

  it("RFC 7009: revoking an access token lists its jti until it expires, once however often", async () => {
    const { client, form } = await codeForMember();
    const tokens = await exchangeAuthorizationCode(database, client, form);
    const verified = await verifyAccessToken(database, tokens.access_token);
    await revokeToken(database, client, tokens.access_token, null);
    await revokeToken(database, client, tokens.access_token, "access_token");
    expect(await database.prisma.revokedAccessToken.findMany({ where: { jti: verified.jti }, select: { expiresAt: true } })).toEqual([
      { expiresAt: new Date(verified.exp * 1000) },
    ]);
    expect((await checkTokenLiveness(database, verified)).live).toBe(false);
  });
});
