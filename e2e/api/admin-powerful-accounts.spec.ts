import { expect, test } from "@playwright/test";
import { staffWithToken } from "../support/admin.ts";
import { api, callFromOwnIp } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { profileOf } from "../support/oauth-client.ts";
import { resignedAccessToken } from "../support/oauth-tokens.ts";

/**
 * Issue 36, section 3, over HTTP against the production build: `users:write` alone no longer disables an
 * administrator, ends their sessions or enables a disabled one; an administrator does, after a sign-in of
 * the last ten minutes (lib/users/assert-may-act-on-account.ts, docs/decisions/0018).
 */
callFromOwnIp();

const REASON = "changing an account needs every staff or volunteer permission it holds or is given";
const SIGN_IN_AGAIN = "sign in again to change an account that holds staff or volunteer permissions";

async function accountState(userId: string) {
  const [row] = await sql<{ disabled: boolean; live_sessions: number; events: number }>(
    `SELECT disabled_at IS NOT NULL AS disabled,
            (SELECT count(*)::int FROM session WHERE user_id = $1 AND revoked_at IS NULL) AS live_sessions,
            (SELECT count(*)::int FROM security_event WHERE user_id = $1) AS events
       FROM account WHERE id = $1`,
    [userId],
  );
  return row;
}

test("staff with users:write cannot disable, sign out or enable an administrator; an administrator can, after a recent sign-in", async () => {
  const { token: staffToken } = await staffWithToken("powerful-staff", "staff");
  const { member: target, token: targetToken } = await staffWithToken("powerful-target", "admin");
  const { token: adminToken } = await staffWithToken("powerful-admin", "admin");
  const before = await accountState(target.id);

  // Staff hold every staff permission but the administrators' own: each is named, in order.
  const refused = { error: "forbidden", error_description: `missing permission audit:read, church:export, roles:write, settings:write: ${REASON}` };
  for (const action of ["disable", "sessions/end", "enable"]) {
    const answer = await api("POST", `/api/v1/admin/users/${target.id}/${action}`, staffToken);
    expect(answer.status, action).toBe(403);
    expect(answer.body, action).toEqual(refused);
  }
  // Nothing changed, nothing logged; the administrator is still signed in.
  expect(await accountState(target.id)).toEqual(before);
  expect((await profileOf(targetToken)).status).toBe(200);

  // An administrator holds every permission, but a sign-in older than ten minutes is asked to sign in again.
  const stale = await resignedAccessToken(adminToken, { auth_time: Math.floor(Date.now() / 1000) - 11 * 60 });
  const stepUp = await api("POST", `/api/v1/admin/users/${target.id}/disable`, stale);
  expect(stepUp.status).toBe(401);
  expect(stepUp.body).toEqual({ error: "insufficient_user_authentication", error_description: SIGN_IN_AGAIN });
  expect(stepUp.headers.get("www-authenticate")).toBe(`Bearer error="insufficient_user_authentication", error_description="${SIGN_IN_AGAIN}", max_age=600`);
  expect(await accountState(target.id)).toEqual(before);

  // Signed in just now: the administrator disables the other administrator, whose token stops at once.
  const disabled = await api("POST", `/api/v1/admin/users/${target.id}/disable`, adminToken);
  expect(disabled.status, JSON.stringify(disabled.body)).toBe(200);
  expect(disabled.body).toMatchObject({ id: target.id, disabled_at: expect.any(String) });
  expect((await profileOf(targetToken)).status).toBe(401);

  // Enabling the disabled administrator again: staff cannot, the administrator can.
  expect((await api("POST", `/api/v1/admin/users/${target.id}/enable`, staffToken)).body).toEqual(refused);
  expect((await accountState(target.id))?.disabled).toBe(true);
  expect((await api("POST", `/api/v1/admin/users/${target.id}/enable`, adminToken)).body).toMatchObject({ id: target.id, disabled_at: null });
});

test("an account with no staff or volunteer permission is still staff's to disable, with an older sign-in", async () => {
  const { token: staffToken } = await staffWithToken("powerful-staff-2", "staff");
  const { member } = await staffWithToken("powerful-plain", "staff");
  // Take the staff role away: a plain member account (member permissions only).
  await sql(`DELETE FROM user_role WHERE user_id = $1`, [member.id]);
  const stale = await resignedAccessToken(staffToken, { auth_time: Math.floor(Date.now() / 1000) - 11 * 60 });
  const answer = await api("POST", `/api/v1/admin/users/${member.id}/disable`, stale);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body).toMatchObject({ id: member.id, disabled_at: expect.any(String) });
});
