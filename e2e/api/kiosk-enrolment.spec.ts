import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { staffWithToken } from "../support/admin.ts";
import { memberCode } from "../support/check-in.ts";
import { sql, uniqueIp } from "../support/database.ts";
import { DEVICE_GRANT, Tablet, createVolunteer, kioskClientOfNewCampus, volunteerAllows } from "../support/kiosk-tablet.ts";
import { api } from "../support/contacts.ts";
import { ISSUER } from "../support/oauth-client.ts";
import { POSTGRES_SERVER_LOG } from "../support/test-env.ts";

/**
 * Issue 36, section 4 and section 5's kiosk cookie, over HTTP against the production build
 * (docs/decisions/0023, "Kiosks" and "The kiosk page"):
 * - the kiosk page passes its tablet's address on, signed: one address pressing "Set up this kiosk" 62 times
 *   uses up its own allowance, not every tablet's, and the volunteer sees the tablet's network and campus;
 * - staff limit a kiosk to its campus's networks: its device grant, its tokens and its API calls work only there;
 * - the kiosk cookie works only with the tablet's own key, and lives eight days unused.
 */

const EIGHT_DAYS = 8 * 24 * 60 * 60;
const OUTSIDE = "this kiosk may be used only on its campus's networks";

async function enrolledTablet(clientId: string, ip?: string): Promise<{ tablet: Tablet; review: string }> {
  const tablet = await Tablet.open(clientId, ip);
  const started = await tablet.enrol();
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const review = await volunteerAllows(await createVolunteer(), started.body.user_code as string);
  const polled = await tablet.pollUntilEnrolled();
  expect(polled.body).toEqual({ status: "enrolled" });
  return { tablet, review };
}

test("62 set-up presses from one address use up that address's allowance only: every other tablet still sets up, and the volunteer sees its network and campus", async () => {
  test.setTimeout(120_000);
  const { clientId, campusName } = await kioskClientOfNewCampus();
  const stranger = await Tablet.open(clientId);
  const statuses: number[] = [];
  let refusal: Awaited<ReturnType<Tablet["enrol"]>> | null = null;
  for (let press = 0; press < 62; press += 1) {
    const answer = await stranger.enrol();
    statuses.push(answer.status);
    if (answer.status !== 200) refusal ??= answer;
  }

  // First what the issue is about: a real tablet elsewhere sets up as if nothing had happened (before, every
  // start counted against the kiosk page's server's own address, and this answered "cannot be set up
  // (server_error)"), and the volunteer is shown where it is.
  const { tablet, review } = await enrolledTablet(clientId);
  expect(review).toContain(`<dt>Campus</dt><dd>${campusName}</dd>`);
  expect(review).toContain(`<dt>Asked from the network</dt><dd>${tablet.ip}</dd>`);
  expect(review).toContain("This kiosk can be set up from any network");

  // The stranger's own address: twenty free starts and the one that begins the wait
  // (lib/portal-api/kiosk-enrol-limit.ts), then 429s.
  expect(statuses.slice(0, 21)).toEqual(Array(21).fill(200));
  expect(statuses.slice(21)).toEqual(Array(41).fill(429));
  expect(refusal?.body).toEqual({
    error: "too_many_requests",
    // How long is left depends on how fast the presses came: a minute at most.
    error_description: expect.stringMatching(/^Too many attempts\. Try again in (1 minute|\d{1,2} seconds?)\. This network has asked to set up kiosks too often\.$/),
  });
  expect(Number(refusal?.headers.get("retry-after"))).toBeGreaterThan(0);
  // Every device code the stranger got is on record as its address, not the kiosk page's server's.
  expect(await sql(`SELECT DISTINCT ip FROM device_authorization WHERE client_id = $1 AND ip <> $2`, [clientId, tablet.ip])).toEqual([{ ip: stranger.ip }]);
  const events = await tablet.call("/kiosk/api/v1/events");
  expect(events.status, JSON.stringify(events.body)).toBe(200);
  const [session] = await sql<{ ip: string; idle_timeout_seconds: number }>(`SELECT ip, idle_timeout_seconds FROM session WHERE device_client_id = $1`, [clientId]);
  expect(session).toEqual({ ip: tablet.ip, idle_timeout_seconds: EIGHT_DAYS });
});

test("the kiosk cookie works only with the tablet's own key: a copy on another machine is refused and noted, the tablet goes on", async () => {
  const { clientId } = await kioskClientOfNewCampus();
  const tablet = await Tablet.open(clientId);
  const started = await tablet.enrol();
  const volunteer = await createVolunteer();
  await volunteerAllows(volunteer, started.body.user_code as string);
  const polled = await tablet.call("/kiosk/enrol/poll", {});
  expect(polled.body).toEqual({ status: "enrolled" });
  // The cookie lives eight days from its last writing, not thirty.
  const written = polled.headers.getSetCookie().find((line) => /^kiosk=/.test(line));
  expect(written).toMatch(new RegExp(`Max-Age=${EIGHT_DAYS}\\b`));
  expect(written).toMatch(/HttpOnly/i);

  // Two copies of the cookie on another machine: one sends no proof, one proves a key of its own.
  const copy = await tablet.copiedTo(await uniqueIp());
  const ownKey = await tablet.copiedTo(copy.ip);
  const signedAgain = { error: "invalid_token", error_description: "This kiosk must be set up again on this tablet. Ask a volunteer to set it up." };
  const bare = await copy.call("/kiosk/api/v1/events", undefined, { proof: null });
  expect(bare.status).toBe(401);
  expect(bare.body).toEqual(signedAgain);
  const otherKey = await ownKey.call("/kiosk/api/v1/events");
  expect(otherKey.status).toBe(401);
  expect(otherKey.body).toEqual(signedAgain);
  // Its sign-out cannot sign the real tablet out.
  expect((await ownKey.call("/kiosk/sign-out", {})).status).toBe(204);
  const log = await readFile(POSTGRES_SERVER_LOG, "utf8");
  const noted = log.split("\n").filter((line) => line.includes('"msg":"kiosk_cookie_without_key"') && line.includes(`"client_id":"${clientId}"`));
  expect(noted.length).toBeGreaterThanOrEqual(2);
  expect(noted.join("\n")).toContain(`"ip":"${copy.ip}"`);
  for (const line of noted) expect(line).not.toMatch(/access_token|refresh_token|"kiosk=/);

  // The tablet itself: works; a proof shown twice (a replay) is refused without forgetting the kiosk.
  expect((await tablet.call("/kiosk/api/v1/events")).status).toBe(200);
  const proof = await tablet.proof("GET", "/kiosk/api/v1/events");
  expect((await tablet.call("/kiosk/api/v1/events", undefined, { proof })).status).toBe(200);
  const replayed = await tablet.call("/kiosk/api/v1/events", undefined, { proof });
  expect(replayed.status).toBe(400);
  expect(replayed.body).toEqual({ error: "invalid_request", error_description: "This kiosk's request could not be checked. Check the tablet's date and time, then try again." });
  expect(replayed.headers.get("www-authenticate")).toMatch(/^DPoP error="invalid_dpop_proof"/);
  expect((await tablet.call("/kiosk/api/v1/events")).status).toBe(200);
  // Its own sign-out needs a check-in volunteer's own code (issue 38): without one it signs nothing out.
  const live = () => sql(`SELECT count(*)::int AS live FROM oauth_grant WHERE client_id = $1 AND revoked_at IS NULL`, [clientId]);
  expect(await tablet.call("/kiosk/sign-out", {})).toMatchObject({
    status: 400,
    body: { error: "invalid_request", error_description: "Only a check-in volunteer can sign this kiosk out: ask one to scan their own check-in code." },
  });
  expect(await live()).toEqual([{ live: 1 }]);
  // With it, the grant ends at the issuer: the copy's cookie is then dead everywhere. The log names the volunteer, never the code.
  const volunteerCode = await memberCode(volunteer);
  expect((await tablet.call("/kiosk/sign-out", { volunteer_code: volunteerCode })).status).toBe(204);
  expect(await live()).toEqual([{ live: 0 }]);
  const signedOut = (await readFile(POSTGRES_SERVER_LOG, "utf8")).split("\n").filter((line) => line.includes('"msg":"kiosk_signed_out"') && line.includes(`"client_id":"${clientId}"`));
  expect(signedOut).toHaveLength(1);
  expect(signedOut[0]).toContain(`"volunteer_id":"${volunteer.id}"`);
  expect(signedOut[0]).not.toContain(volunteerCode);
});

test("staff limit a kiosk to its campus's networks: its device grant, its tokens and its API calls work only there", async () => {
  test.setTimeout(120_000);
  const { clientId, campusName } = await kioskClientOfNewCampus();
  const { token: admin } = await staffWithToken("kiosk-networks-admin", "admin");
  const campusIp = await uniqueIp();
  const outsideIp = await uniqueIp();
  const fromIp = (ip: string) => ({ headers: { "x-forwarded-for": ip } });

  // The staff API: only a kiosk's client, only networks, each entry read.
  const bad = await api("PATCH", `/api/v1/admin/clients/${clientId}`, admin, { body: { allowed_networks: [`${campusIp}/32`, "everywhere"] } });
  expect(bad.status).toBe(400);
  expect(bad.body).toEqual({ error: "invalid_request", error_description: "allowed_networks.1: must be an IP address or a CIDR range such as 203.0.113.0/24 or 2001:db8:5::/48 (not /0: leave the list empty for anywhere)" });
  expect((await api("PATCH", `/api/v1/admin/clients/${clientId}`, admin, { body: { allowed_networks: [], name: "Renamed" } })).status).toBe(409);
  expect((await api("PATCH", "/api/v1/admin/clients/demo-app", admin, { body: { allowed_networks: [`${campusIp}/32`] } })).body).toEqual({
    error: "invalid_request",
    error_description: "allowed_networks: only a check-in kiosk's app can be limited to its campus's networks",
  });
  const saved = await api("PATCH", `/api/v1/admin/clients/${clientId}`, admin, { body: { allowed_networks: [`${campusIp}/32`, "2001:db8:5::/48"] } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body).toMatchObject({ client_id: clientId, first_party: true, check_in_campus: { name: campusName }, allowed_networks: [`${campusIp}/32`, "2001:db8:5::/48"] });

  // The kiosk page: set up from outside is refused in words; from the campus it works and the volunteer is told so.
  const outside = await (await Tablet.open(clientId, outsideIp)).enrol();
  expect(outside.status).toBe(403);
  expect(outside.body).toEqual({ error: "forbidden", error_description: "This kiosk may be used only on its campus's networks. Connect this tablet to the church's network, or ask the church office." });
  const { tablet, review } = await enrolledTablet(clientId, campusIp);
  expect(review).toContain(`<dd>${campusIp}, one of ${campusName}’s own networks</dd>`);
  expect((await tablet.call("/kiosk/api/v1/events")).status).toBe(200);
  // Carried off the campus: refused, but still set up for when it is back.
  tablet.ip = outsideIp;
  const away = await tablet.call("/kiosk/api/v1/events");
  expect(away.status).toBe(403);
  expect(away.body).toEqual({ error: "forbidden", error_description: OUTSIDE });
  tablet.ip = campusIp;
  expect((await tablet.call("/kiosk/api/v1/events")).status).toBe(200);

  // The OAuth endpoints themselves, from outside: the device grant, the token endpoint; the API with its token.
  const form = (fields: Record<string, string>) => ({ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
  const startFrom = (ip: string) => fetch(`${ISSUER}/oauth/device_authorization`, { ...form({ client_id: clientId, scope: "openid check-in:kiosk" }), headers: { ...form({}).headers, ...fromIp(ip).headers } });
  const refusedStart = await startFrom(outsideIp);
  expect(refusedStart.status).toBe(400);
  expect(await refusedStart.json()).toEqual({ error: "unauthorized_client", error_description: OUTSIDE });
  const direct = await startFrom(campusIp);
  expect(direct.status).toBe(200);
  const device = (await direct.json()) as { device_code: string; user_code: string };
  await volunteerAllows(await createVolunteer(), device.user_code);
  const tokenFrom = async (ip: string, fields: Record<string, string>) => {
    const response = await fetch(`${ISSUER}/oauth/token`, { ...form({ client_id: clientId, ...fields }), headers: { ...form({}).headers, ...fromIp(ip).headers } });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  };
  expect(await tokenFrom(outsideIp, { grant_type: DEVICE_GRANT, device_code: device.device_code })).toEqual({ status: 400, body: { error: "unauthorized_client", error_description: OUTSIDE } });
  const tokens = await tokenFrom(campusIp, { grant_type: DEVICE_GRANT, device_code: device.device_code });
  expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
  const eventsFrom = (ip: string) => api("GET", "/api/v1/kiosk/events", tokens.body.access_token!, fromIp(ip));
  expect((await eventsFrom(outsideIp)).body).toEqual({ error: "forbidden", error_description: OUTSIDE });
  expect((await eventsFrom(campusIp)).status).toBe(200);
  // Nor does its token say, off the campus, who signed the kiosk in (OIDC Core 5.3).
  const userinfoFrom = async (ip: string) => {
    const response = await fetch(`${ISSUER}/oauth/userinfo`, { headers: { authorization: `Bearer ${tokens.body.access_token}`, ...fromIp(ip).headers } });
    return { status: response.status, body: await response.json() };
  };
  expect(await userinfoFrom(outsideIp)).toEqual({ status: 401, body: { error: "invalid_token", error_description: OUTSIDE } });
  expect((await userinfoFrom(campusIp)).status).toBe(200);
  // A refresh from outside is refused without spending the token: the same token refreshes on the campus.
  expect(await tokenFrom(outsideIp, { grant_type: "refresh_token", refresh_token: tokens.body.refresh_token! })).toEqual({ status: 400, body: { error: "unauthorized_client", error_description: OUTSIDE } });
  expect((await tokenFrom(campusIp, { grant_type: "refresh_token", refresh_token: tokens.body.refresh_token! })).status).toBe(200);

  // Emptied again: anywhere, once the OAuth endpoints' five-second client cache has let go (decision 0008).
  expect((await api("PATCH", `/api/v1/admin/clients/${clientId}`, admin, { body: { allowed_networks: [] } })).body).toMatchObject({ allowed_networks: [] });
  await expect.poll(async () => (await startFrom(outsideIp)).status, { timeout: 15_000, intervals: [1_000, 2_000] }).toBe(200);
});
