import { expect, test } from "@playwright/test";
import { createCheckInCampus, createCheckInEvent, createHousehold, enrolledKiosk } from "../support/check-in.ts";
import { sql } from "../support/database.ts";
import { callApi } from "../support/identity-api.ts";
import { portalTokensFor } from "../support/oauth-client.ts";
import { resignedAccessToken } from "../support/oauth-tokens.ts";

// The household card over HTTP (docs/decisions/0023, "Household card"): a member issues a printed card, a
// kiosk enrolled through the device flow finds the household by it and hands a child to its holder; replaced
// or revoked, it is refused exactly as a bad member code. Only its hash is stored.

const CARD = "/api/v1/users/me/check-in-card";
const INVALID = { error: "invalid_request", error_description: "member_code: is not a valid or current check-in code" };

test("a member issues a household card; a kiosk finds the household and hands a child over by it; replaced or revoked it is refused", async () => {
  const campus = await createCheckInCampus();
  const event = await createCheckInEvent(campus);
  const home = await createHousehold("card");
  const [kid1, kid2] = home.kids;
  const mum = (await portalTokensFor(home.mum)).access_token;
  const kiosk = await enrolledKiosk(campus);

  expect(await callApi("GET", CARD, mum)).toMatchObject({ status: 200, body: { card: null } });
  const issued = await callApi("POST", CARD, mum);
  expect(issued.status, JSON.stringify(issued.body)).toBe(201);
  expect(issued.body).toEqual({
    card: { id: expect.any(String), created_at: expect.any(String), last_used_at: null },
    code: expect.stringMatching(/^CARD-[A-Z2-7]{32}$/),
    // The member's name, and the first names of the rest of the household (the other adult, then the children).
    print: { church_name: expect.any(String), name: `${home.mum.givenName} ${home.mum.familyName}`, household: [home.dad.givenName, "Kid1", "Kid2"] },
  });
  const code = issued.body.code as string;

  // The status never shows the code again; the database holds only its hash.
  const status = await callApi("GET", CARD, mum);
  expect(status.body).toEqual({ card: issued.body.card });
  const stored = await sql<Record<string, unknown>>(`SELECT * FROM check_in_card WHERE user_id = $1`, [home.mum.id]);
  expect(stored).toHaveLength(1);
  expect(JSON.stringify(stored)).not.toContain(code.slice(5));

  // The kiosk scans the card as it scans a member's code.
  const found = await callApi("POST", "/api/v1/kiosk/households", kiosk.token, { body: { member_code: code } });
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  expect(found.body.households[0]).toMatchObject({ family_id: home.familyId, scanned_id: home.mum.id });
  expect((await callApi("GET", CARD, mum)).body.card.last_used_at).toEqual(expect.any(String));

  // Children checked in by the card's holder, and one collected by her card.
  const checkedIn = await callApi("POST", "/api/v1/kiosk/check-ins", kiosk.token, {
    body: { presence: found.body.presence, guardian_id: home.mum.id, children: [{ child_id: kid1!.id, event_id: event.id }, { child_id: kid2!.id, event_id: event.id }] },
  });
  expect(checkedIn.status, JSON.stringify(checkedIn.body)).toBe(201);
  const [kid1In, kid2In] = checkedIn.body.check_ins as { id: string }[];
  expect(await callApi("POST", "/api/v1/kiosk/check-outs", kiosk.token, { body: { member_code: code, check_in_ids: [kid1In!.id] } })).toMatchObject({ status: 200, body: { check_ins: [{ given_name: "Kid1", checked_out_at: expect.any(String) }] } });
  expect(await sql(`SELECT picked_up_by::text, check_out_method FROM check_in WHERE event_id = $1 AND person_id = $2`, [event.id, kid1!.id])).toEqual([{ picked_up_by: home.mum.id, check_out_method: "adult" }]);

  // Replaced: the old card is refused as a bad member code, at the search and at pickup; the new one works.
  const replaced = await callApi("POST", CARD, mum);
  expect(replaced.status).toBe(201);
  expect(replaced.body.code).not.toBe(code);
  expect(await callApi("POST", "/api/v1/kiosk/households", kiosk.token, { body: { member_code: code } })).toMatchObject({ status: 400, body: INVALID });
  expect(await callApi("POST", "/api/v1/kiosk/pickups", kiosk.token, { body: { member_code: code } })).toMatchObject({ status: 400, body: INVALID });
  expect(await callApi("POST", "/api/v1/kiosk/check-outs", kiosk.token, { body: { member_code: code, check_in_ids: [kid2In!.id] } })).toMatchObject({ status: 400, body: INVALID });
  expect((await callApi("POST", "/api/v1/kiosk/households", kiosk.token, { body: { member_code: replaced.body.code } })).status).toBe(200);
  expect(await sql(`SELECT count(*)::int AS n FROM check_in_card WHERE user_id = $1 AND revoked_at IS NULL`, [home.mum.id])).toEqual([{ n: 1 }]);

  // Revoked: refused at once; a second revoke finds no card.
  expect(await callApi("DELETE", CARD, mum)).toMatchObject({ status: 200, body: { card: null } });
  expect(await callApi("GET", CARD, mum)).toMatchObject({ status: 200, body: { card: null } });
  expect(await callApi("POST", "/api/v1/kiosk/households", kiosk.token, { body: { member_code: replaced.body.code } })).toMatchObject({ status: 400, body: INVALID });
  expect(await callApi("POST", "/api/v1/kiosk/check-outs", kiosk.token, { body: { member_code: replaced.body.code, check_in_ids: [kid2In!.id] } })).toMatchObject({ status: 400, body: INVALID });
  expect(await callApi("DELETE", CARD, mum)).toMatchObject({ status: 404, body: { error: "not_found", error_description: "check-in card not found" } });

  // The security log says what happened; the privacy of the code holds there too.
  const log = await callApi("GET", "/api/v1/users/me/security-events", mum);
  const types = (log.body.events as { type: string; detail: unknown }[]).filter((event) => event.type.startsWith("check_in_card_"));
  expect(types.map((event) => event.type)).toEqual(["check_in_card_revoked", "check_in_card_issued", "check_in_card_issued"]);
  expect(JSON.stringify(log.body)).not.toContain(code);
});

test("issuing a card needs a recent sign-in; reading and revoking it do not", async () => {
  const home = await createHousehold("card-stale", 1);
  const token = (await portalTokensFor(home.mum)).access_token;
  const older = await resignedAccessToken(token, { auth_time: Math.floor(Date.now() / 1000) - 11 * 60 });
  expect(await callApi("POST", CARD, older)).toMatchObject({ status: 401, body: { error: "insufficient_user_authentication", error_description: "sign in again to make this change" } });
  expect(await callApi("GET", CARD, older)).toMatchObject({ status: 200, body: { card: null } });
  expect((await callApi("POST", CARD, token)).status).toBe(201);
  expect(await callApi("DELETE", CARD, older)).toMatchObject({ status: 200, body: { card: null } });
});

test("six cards issued at the same moment: each answered, exactly one live afterwards", async () => {
  const { mum } = await createHousehold("card-race", 1);
  const tokens = await portalTokensFor(mum);
  const answers = await Promise.all(Array.from({ length: 6 }, () => callApi("POST", "/api/v1/users/me/check-in-card", tokens.access_token)));
  expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 201]);
  const live = await sql<{ id: string }>(`SELECT id::text AS id FROM check_in_card WHERE user_id = $1 AND revoked_at IS NULL`, [mum.id]);
  expect(live).toHaveLength(1);
  expect((await callApi("GET", "/api/v1/users/me/check-in-card", tokens.access_token)).body.card.id).toBe(live[0]!.id);
});
