import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, insertMember } from "../db/test-fixtures.ts";
import { issueCheckInCard } from "./check-in-card.ts";
import { approveKioskSignOut } from "./kiosk-sign-out.ts";
import { issueMemberCode } from "./member-code.ts";
import { KIOSK_SIGN_OUT_POLICY } from "./rules.ts";
import { resolveScannedCode } from "./scanned-code.ts";

// Issue 38: "Sign this kiosk out" is behind a check-in volunteer's own code (docs/decisions/0023, "Signing a
// kiosk out"). A parent's code, a card, a made-up or old code sign nothing out and count against the tablet;
// a volunteer's current code does, once.
const database = serviceTestDatabase();

async function member(role?: "kiosk" | "member" | "admin") {
  const account = await insertMember(database, { givenName: role === "kiosk" ? "Vera" : "Pat" });
  if (role) await database.query(`INSERT INTO user_role (user_id, role_id) SELECT $1::uuid, id FROM role WHERE name = $2`, [account.id, role]);
  return account.id;
}

/** A tablet's key thumbprint: what the kiosk page knows each tablet by. */
const tablet = () => `jkt-${randomUUID()}`;

const refusalOf = (approval: Awaited<ReturnType<typeof approveKioskSignOut>>) => (approval.ok ? null : { code: approval.refusal.code, description: approval.refusal.description });

describe("signing a kiosk out", () => {
  it("takes a check-in volunteer's current code, once", async () => {
    const volunteer = await member("kiosk");
    const { code } = await issueMemberCode(volunteer);
    const key = tablet();
    expect(await approveKioskSignOut(database, key, code)).toEqual({ ok: true, volunteerId: volunteer });
    // Spent: the same code (a screenshot, the next tablet) signs nothing out.
    expect(refusalOf(await approveKioskSignOut(database, tablet(), code))).toEqual({ code: "invalid_request", description: "volunteer_code: is not a valid or current check-in code" });
    // Staff and administrators hold the kiosk's permission too.
    expect((await approveKioskSignOut(database, key, (await issueMemberCode(await member("admin"))).code)).ok).toBe(true);
  });

  it("refuses a parent's code, a household card, an expired or made-up code, and a disabled volunteer's", async () => {
    const key = tablet();
    const parent = await member("member");
    const parentCode = (await issueMemberCode(parent)).code;
    expect(refusalOf(await approveKioskSignOut(database, key, parentCode))).toEqual({
      code: "forbidden",
      description: "only a check-in volunteer can sign this kiosk out: ask one to scan their own check-in code",
    });
    // A parent's refused code is not spent: it still finds their household and collects their children.
    expect((await resolveScannedCode(database, parentCode))?.userId).toBe(parent);
    const volunteer = await member("kiosk");
    const card = await issueCheckInCard(database, volunteer, TEST_CONTEXT);
    expect(refusalOf(await approveKioskSignOut(database, key, card.code))?.description).toBe(
      "volunteer_code: is a household card, which cannot sign a kiosk out; scan the check-in code on your phone",
    );
    const old = await issueMemberCode(volunteer, new Date(Date.now() - 10 * 60_000));
    expect(refusalOf(await approveKioskSignOut(database, key, old.code))?.description).toBe("volunteer_code: is not a valid or current check-in code");
    expect(refusalOf(await approveKioskSignOut(database, key, "eyJhbGciOiJIUzI1NiJ9.e30.bm90IGEgc2lnbmF0dXJl"))?.code).toBe("invalid_request");
    await database.query(`UPDATE account SET disabled_at = now() WHERE id = $1::uuid`, [volunteer]);
    expect(refusalOf(await approveKioskSignOut(database, tablet(), (await issueMemberCode(volunteer)).code))?.code).toBe("invalid_request");
  });

  it("lets one of two tablets spending the same code at once sign out", async () => {
    const { code } = await issueMemberCode(await member("kiosk"));
    const both = await Promise.all([approveKioskSignOut(database, tablet(), code), approveKioskSignOut(database, tablet(), code)]);
    expect(both.filter((approval) => approval.ok)).toHaveLength(1);
  });

  it("slows a tablet down after five codes that are not a volunteer's, without slowing another tablet", async () => {
    const key = tablet();
    const parentCode = (await issueMemberCode(await member("member"))).code;
    // Five free, and the one that begins the wait.
    for (let attempt = 0; attempt <= KIOSK_SIGN_OUT_POLICY.freeFailures; attempt += 1) {
      expect(refusalOf(await approveKioskSignOut(database, key, parentCode))?.code).toBe("forbidden");
    }
    // The count is in PostgreSQL: every server instance sees the same wait.
    const waiting = await approveKioskSignOut(database, key, (await issueMemberCode(await member("kiosk"))).code);
    expect(refusalOf(waiting)).toEqual({ code: "too_many_requests", description: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds\. Only a check-in volunteer's own code signs this kiosk out\.$/) });
    expect(waiting.ok ? null : waiting.refusal.headers["Retry-After"]).toMatch(/^\d+$/);
    // A volunteer at another tablet is not held up.
    const volunteer = await member("kiosk");
    expect(await approveKioskSignOut(database, tablet(), (await issueMemberCode(volunteer)).code)).toEqual({ ok: true, volunteerId: volunteer });
  });

  it("gives a volunteer's own attempt back: signing out never brings a tablet's wait closer", async () => {
    const key = tablet();
    const parentCode = (await issueMemberCode(await member("member"))).code;
    for (let attempt = 0; attempt < KIOSK_SIGN_OUT_POLICY.freeFailures; attempt += 1) await approveKioskSignOut(database, key, parentCode);
    // Had they counted, the second would have been refused (five free, then the one that begins the wait).
    for (let round = 0; round < 2; round += 1) expect((await approveKioskSignOut(database, key, (await issueMemberCode(await member("kiosk"))).code)).ok).toBe(true);
  });
});
