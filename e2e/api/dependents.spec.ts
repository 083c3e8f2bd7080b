import { expect, test } from "@playwright/test";
import { api, callFromOwnIp, memberWithToken, notFound, refusedTokens, securityEvents } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { birthDateYearsAgo, createChildWithoutSignIn, makeGuardian, setBirthDate } from "../support/families.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { portalTokensFor, profileOf, tokenRequest, tokensFor } from "../support/oauth-client.ts";

/**
 * Guardians over HTTP (interface.md 4.2 and 5, decisions.md parts 2 and 3, docs/decisions/0013): a member
 * holding `guardian:act_as` lists their dependants with each one's consents
 * (`GET /api/v1/users/me/dependents`) and revokes one of them
 * (`DELETE /api/v1/users/me/dependents/{dependentId}/consent/{consentId}`): 200 with the revoked Consent,
 * exactly as the dependant's own revocation, recorded in both security logs. Not their dependant, or not
 * that dependant's consent: `not_found`; without the permission: `forbidden` naming it.
 */
callFromOwnIp();

const LIST = "/api/v1/users/me/dependents";
const revokePath = (dependentId: string, consentId: string) => `${LIST}/${dependentId}/consent/${consentId}`;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FORBIDDEN = { error: "forbidden", error_description: "missing permission guardian:act_as" };
const DEMO_APP_ABILITIES = ["openid", "profile", "email", "offline_access"];

/** A minor with their own sign-in who allowed demo-app (its tokens, with a refresh token), and their consent's id. */
async function teenUsingDemoApp(label: string, age = 15) {
  const member = await createTestMember(label);
  const tokens = await tokensFor(member);
  await setBirthDate(member.id, await birthDateYearsAgo(age));
  expect(tokens.refresh_token).toBeTruthy();
  const [consent] = await sql<{ id: string; granted_at: Date }>(`SELECT id, granted_at FROM consent WHERE user_id = $1 AND client_id = 'demo-app'`, [member.id]);
  return { member, token: tokens.access_token, tokens, consent: consent! };
}

/** A guardian (a member with a portal token, who allowed demo-app for themselves too) of the given dependants. */
async function guardianOf(label: string, dependentIds: string[]) {
  const guardian = await memberWithToken(label);
  await tokensFor(guardian.member);
  await makeGuardian(guardian.member.id, dependentIds);
  return guardian;
}

const revoke = (token: string, dependentId: string, consentId: string) => api("DELETE", revokePath(dependentId, consentId), token);

test("a guardian lists their dependants, oldest first, with and without a sign-in, each with their consents", async () => {
  const teen = await teenUsingDemoApp("dep-list-teen", 15);
  const child = await createChildWithoutSignIn("Chloe", await birthDateYearsAgo(8));
  const guardian = await guardianOf("dep-list-guardian", [child.id, teen.member.id]);
  const [since] = await sql<{ created_at: Date }>(`SELECT created_at FROM guardianship WHERE guardian_id = $1 AND dependent_id = $2`, [guardian.member.id, teen.member.id]);
  const teenBirthDate = await birthDateYearsAgo(15);

  const answer = await api("GET", LIST, guardian.token);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  expect(answer.body).toEqual({
    dependents: [
      {
        id: teen.member.id,
        given_name: teen.member.givenName,
        family_name: teen.member.familyName,
        birth_date: teenBirthDate,
        comes_of_age_on: await birthDateYearsAgo(-3),
        has_sign_in: true,
        guardian_since: since!.created_at.toISOString(),
        consents: [
          {
            id: teen.consent.id,
            client_id: "demo-app",
            client_name: "Demo app",
            scopes: DEMO_APP_ABILITIES,
            status: "granted",
            granted_at: teen.consent.granted_at.toISOString(),
          },
        ],
      },
      {
        id: child.id,
        given_name: "Chloe",
        family_name: child.familyName,
        birth_date: await birthDateYearsAgo(8),
        comes_of_age_on: await birthDateYearsAgo(-10),
        has_sign_in: false,
        guardian_since: expect.stringMatching(ISO),
        consents: [],
      },
    ],
  });
  expect(answer.body.dependents[1].birth_date).toMatch(DATE);
  // The guardian's own permissions say why: the guardian role, from the guardianships.
  expect((await profileOf(guardian.token)).body).toMatchObject({ roles: ["guardian", "member"], permissions: expect.arrayContaining(["guardian:act_as"]) });
});

test("revoking a dependant's consent: 200 with the revoked consent, their refresh and access tokens die, both security logs say so", async () => {
  const teen = await teenUsingDemoApp("dep-revoke-teen");
  const guardian = await guardianOf("dep-revoke-guardian", [teen.member.id]);
  // The guardian's own demo-app consent is not touched.
  const [guardianConsent] = await sql<{ id: string }>(`SELECT id FROM consent WHERE user_id = $1 AND client_id = 'demo-app'`, [guardian.member.id]);

  const answer = await revoke(guardian.token, teen.member.id, teen.consent.id);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  expect(answer.body).toEqual({
    id: teen.consent.id,
    client_id: "demo-app",
    scopes: DEMO_APP_ABILITIES,
    status: "revoked",
    granted_at: teen.consent.granted_at.toISOString(),
    revoked_at: expect.stringMatching(ISO),
  });

  // Exactly as the dependant's own revocation: the refresh token is refused, the access token too.
  const refresh = await tokenRequest({ grant_type: "refresh_token", refresh_token: teen.tokens.refresh_token! });
  expect(refresh.status).toBe(400);
  expect(refresh.body).toEqual({ error: "invalid_grant", error_description: "the grant has been revoked" });
  const profile = await profileOf(teen.token);
  expect(profile.status).toBe(401);
  expect(await sql(`SELECT id FROM oauth_grant WHERE user_id = $1 AND client_id = 'demo-app' AND revoked_at IS NULL`, [teen.member.id])).toEqual([]);
  const [grant] = await sql<{ revoked_reason: string }>(`SELECT revoked_reason FROM oauth_grant WHERE user_id = $1 AND client_id = 'demo-app'`, [teen.member.id]);
  expect(grant!.revoked_reason).toBe("consent_revoked");

  // The guardian's own access is untouched.
  expect((await profileOf(guardian.token)).status).toBe(200);
  expect(await sql(`SELECT status FROM consent WHERE id = $1`, [guardianConsent!.id])).toEqual([{ status: "granted" }]);

  // Both logs: the dependant's says a guardian did it, the guardian's says for whom.
  expect((await securityEvents(teen.member.id)).filter((event) => event.type === "consent_revoked")).toEqual([
    { type: "consent_revoked", detail: { client_id: "demo-app", by: "guardian", guardian_id: guardian.member.id } },
  ]);
  expect((await securityEvents(guardian.member.id)).filter((event) => event.type.includes("revoked"))).toEqual([
    { type: "dependent_consent_revoked", detail: { client_id: "demo-app", dependent_id: teen.member.id } },
  ]);

  // The list shows it revoked; revoking again answers the record as it is and logs nothing more.
  const listed = (await api("GET", LIST, guardian.token)).body.dependents[0].consents;
  expect(listed).toEqual([{ ...answer.body, client_name: "Demo app" }]);
  const again = await revoke(guardian.token, teen.member.id, teen.consent.id);
  expect(again.status).toBe(200);
  expect(again.body).toEqual(answer.body);
  expect((await securityEvents(guardian.member.id)).filter((event) => event.type === "dependent_consent_revoked")).toHaveLength(1);
});

test("two guardians, two dependants: another's dependant, their consent, an unknown or malformed id are all not_found, and nothing changes", async () => {
  const firstTeen = await teenUsingDemoApp("dep-idor-teen1");
  const secondTeen = await teenUsingDemoApp("dep-idor-teen2");
  const first = await guardianOf("dep-idor-g1", [firstTeen.member.id]);
  const second = await guardianOf("dep-idor-g2", [secondTeen.member.id]);
  const [firstGuardianConsent] = await sql<{ id: string }>(`SELECT id FROM consent WHERE user_id = $1`, [first.member.id]);
  const unknown = "00000000-0000-4000-8000-000000000000";

  const cases: [string, string, string, string][] = [
    ["another guardian's dependant, with their consent", secondTeen.member.id, secondTeen.consent.id, "dependent"],
    ["another guardian's dependant, with my dependant's consent", secondTeen.member.id, firstTeen.consent.id, "dependent"],
    ["the other guardian themselves", second.member.id, secondTeen.consent.id, "dependent"],
    ["myself as my own dependant", first.member.id, firstGuardianConsent!.id, "dependent"],
    ["an unknown dependant", unknown, firstTeen.consent.id, "dependent"],
    ["a malformed dependant id", "not-a-uuid", firstTeen.consent.id, "dependent"],
    ["my dependant, with the other dependant's consent", firstTeen.member.id, secondTeen.consent.id, "consent"],
    ["my dependant, with my own consent", firstTeen.member.id, firstGuardianConsent!.id, "consent"],
    ["my dependant, with an unknown consent", firstTeen.member.id, unknown, "consent"],
    ["my dependant, with a malformed consent id", firstTeen.member.id, "1 OR 1=1", "consent"],
  ];
  for (const [label, dependentId, consentId, what] of cases) {
    const answer = await revoke(first.token, dependentId, encodeURIComponent(consentId));
    expect(answer.status, label).toBe(404);
    expect(answer.body, label).toEqual(notFound(what));
  }

  const statuses = await sql<{ status: string }>(`SELECT status FROM consent WHERE id = ANY($1::uuid[]) ORDER BY id`, [[firstTeen.consent.id, secondTeen.consent.id, firstGuardianConsent!.id]]);
  expect(statuses.map((row) => row.status)).toEqual(["granted", "granted", "granted"]);
  expect((await tokenRequest({ grant_type: "refresh_token", refresh_token: secondTeen.tokens.refresh_token! })).status).toBe(200);
  expect((await api("GET", LIST, first.token)).body.dependents.map((dependent: { id: string }) => dependent.id)).toEqual([firstTeen.member.id]);
  expect((await api("GET", LIST, second.token)).body.dependents.map((dependent: { id: string }) => dependent.id)).toEqual([secondTeen.member.id]);
  for (const guardian of [first, second]) {
    expect((await securityEvents(guardian.member.id)).filter((event) => event.type === "dependent_consent_revoked")).toEqual([]);
  }
});

test("an ended guardianship: the dependant leaves the list and their consents are not_found for the former guardian", async () => {
  const teen = await teenUsingDemoApp("dep-ended-teen");
  const guardian = await guardianOf("dep-ended-guardian", [teen.member.id]);
  await sql(`UPDATE guardianship SET ended_at = now() WHERE guardian_id = $1`, [guardian.member.id]);
  expect((await api("GET", LIST, guardian.token)).body).toEqual({ dependents: [] });
  const answer = await revoke(guardian.token, teen.member.id, teen.consent.id);
  expect(answer.status).toBe(404);
  expect(answer.body).toEqual(notFound("dependent"));
  expect(await sql(`SELECT status FROM consent WHERE id = $1`, [teen.consent.id])).toEqual([{ status: "granted" }]);
});

test("without guardian:act_as both routes are forbidden naming it, even for a member whose dependant it would be; tokens are checked first", async () => {
  const teen = await teenUsingDemoApp("dep-forbidden-teen");
  const member = await memberWithToken("dep-forbidden-member");
  // A guardianship row without the role: the permission decides, checked on every call.
  await sql(`INSERT INTO guardianship (guardian_id, dependent_id) VALUES ($1, $2)`, [member.member.id, teen.member.id]);
  for (const answer of [await api("GET", LIST, member.token), await revoke(member.token, teen.member.id, teen.consent.id)]) {
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual(FORBIDDEN);
  }
  // The dependant themselves cannot act for others either, through the portal or an app.
  expect((await api("GET", LIST, (await portalTokensFor(teen.member)).access_token)).body).toEqual(FORBIDDEN);
  expect((await api("GET", LIST, teen.token)).body).toEqual({ error: "forbidden", error_description: "missing scope account:dependents" });
  expect(await sql(`SELECT status FROM consent WHERE id = $1`, [teen.consent.id])).toEqual([{ status: "granted" }]);

  // Taking the role away takes effect on the next call.
  const guardian = await guardianOf("dep-forbidden-guardian", [teen.member.id]);
  expect((await api("GET", LIST, guardian.token)).status).toBe(200);
  await sql(`DELETE FROM user_role WHERE user_id = $1 AND role_id = (SELECT id FROM role WHERE name = 'guardian')`, [guardian.member.id]);
  expect((await api("GET", LIST, guardian.token)).body).toEqual(FORBIDDEN);

  const routes: [string, string][] = [
    ["GET", LIST],
    ["DELETE", revokePath(teen.member.id, teen.consent.id)],
  ];
  const holder = await guardianOf("dep-tokens-guardian", [teen.member.id]);
  for (const [label, makeToken, headers, description] of await refusedTokens(holder.member, holder.token)) {
    const refused = await makeToken();
    for (const [method, path] of routes) {
      const answer = await api(method, path, refused, { headers });
      expect(answer.status, `${label}: ${method} ${path}`).toBe(401);
      expect(answer.headers.get("www-authenticate"), label).toContain('error="invalid_token"');
      expect(answer.body, label).toEqual({ error: "invalid_token", error_description: description });
    }
  }
  expect(await sql(`SELECT status FROM consent WHERE id = $1`, [teen.consent.id])).toEqual([{ status: "granted" }]);
});

test("a guardian's token of a third-party app cannot act for their dependants (regression: any app's token was the guardian)", async () => {
  const teen = await teenUsingDemoApp("dep-app-teen");
  const guardian = await guardianOf("dep-app-guardian", [teen.member.id]);
  const app = (await tokensFor(guardian.member, { scope: "openid profile" })).access_token;
  for (const answer of [await api("GET", LIST, app), await revoke(app, teen.member.id, teen.consent.id)]) {
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: "forbidden", error_description: "missing scope account:dependents" });
  }
  expect(await sql(`SELECT status FROM consent WHERE id = $1`, [teen.consent.id])).toEqual([{ status: "granted" }]);
});
