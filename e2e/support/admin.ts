/**
 * Helpers of the staff management specs: staff and administrators of a test's own (a fresh member given the
 * `staff` or `admin` role in the test database, so nothing a test does touches staff@example.org), their
 * tokens, and events and campuses made through the admin API itself.
 */
import { randomBytes } from "node:crypto";
import { expect } from "@playwright/test";
import { api } from "./contacts.ts";
import { sql } from "./database.ts";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createTestMember } from "./oauth-accounts.ts";
import { portalTokensFor } from "./oauth-client.ts";

export type StaffRole = "staff" | "admin";

/**
 * A member who also holds `role`, with two-step sign-in on, signed in with it, with an access token of the
 * portal's first-party client: staff rights count only on such tokens, and only after a second factor
 * (decisions 0017, 0018).
 */
export async function staffWithToken(label: string, role: StaffRole = "staff") {
  const member = await createStaffMember(label, role);
  const tokens = await portalTokensFor(member);
  return { member, token: tokens.access_token, tokens };
}

/** A word no other test uses, for titles and names a search must find alone. */
export function uniqueWord(prefix = "T"): string {
  return `${prefix}${randomBytes(5).toString("hex")}`;
}

/** A campus of the test's own, so the feed filtered by it holds only the test's events. */
export async function createCampus(token: string, name = `Campus ${uniqueWord()}`, timezone = "America/New_York") {
  const answer = await api("POST", "/api/v1/admin/campuses", token, { body: { name, timezone } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as { id: string; name: string; timezone: string };
}

/** A local date `days` from today (UTC), YYYY-MM-DD. */
export function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export function eventBody(overrides: Record<string, unknown> = {}) {
  const date = daysFromNow(10);
  return {
    title: `Harvest supper ${uniqueWord()}`,
    description: "<p>Bring a dish to share.</p>",
    eventType: "SPECIAL_EVENT",
    startDate: date,
    startTime: "18:00",
    endDate: date,
    endTime: "20:30",
    timezone: "America/New_York",
    audience: ["families"],
    attendanceModes: ["MANUAL"],
    tags: ["food"],
    ...overrides,
  };
}

export async function createEvent(token: string, overrides: Record<string, unknown> = {}) {
  const answer = await api("POST", "/api/v1/admin/events", token, { body: eventBody(overrides) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Record<string, unknown> & { eventId: string; slug: string; title: string; status: string };
}

export const forbidden = (permission: string) => ({ error: "forbidden", error_description: `missing permission ${permission}` });

/**
 * A member who also holds `role`, with two-step sign-in on (the demo TOTP secret; staff tools need it), without
 * a token (for the browser specs, who sign in themselves).
 */
export async function createStaffMember(label: string, role: StaffRole = "staff") {
  const member = await createTestMember(label, { totpSecret: DEMO_TOTP_SECRET });
  await sql(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE name = $2`, [member.id, role]);
  return member;
}
