import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { insertMember } from "../db/test-fixtures.ts";
import { MAX_DELIVERY_ATTEMPTS } from "../outbox/deliver-messages.ts";
import { readOfficeOverview } from "./read-office-overview.ts";

// The church office's front page counts what waits for it, each part only for staff who may see it.
const database = serviceTestDatabase();
const NOW = new Date("2030-05-01T12:00:00Z");
const DAY = 86_400_000;
const EVERYTHING = new Set(["events:read", "membership:read", "clients:read"]);

async function event(id: string, startsInDays: number, status: "SCHEDULED" | "DRAFT" | "CANCELLED") {
  const start = new Date(NOW.getTime() + startsInDays * DAY);
  const end = new Date(start.getTime() + 3_600_000);
  await database.query(
    `INSERT INTO event (id, slug, title, description, event_type, start_date, start_time, end_date, end_time, timezone, start_at, end_at, status, updated_at)
     VALUES ($1, $1, $1, '', 'SERVICE', $2, $3, $4, $5, 'UTC', $6, $7, $8::"EventStatus", now())`,
    [id, start.toISOString().slice(0, 10), start.toISOString().slice(11, 16), end.toISOString().slice(0, 10), end.toISOString().slice(11, 16), start, end, status],
  );
}

async function signUp(eventId: string, status: "registered" | "waitlisted" | "cancelled") {
  const person = await insertMember(database);
  await database.query(`INSERT INTO event_registration (event_id, person_id, status, cancelled_at) VALUES ($1, $2::uuid, $3, CASE WHEN $3 = 'cancelled' THEN now() END)`, [eventId, person.id, status]);
}

describe("readOfficeOverview", () => {
  it("counts the week's events, drafts and sign-ups, open membership requests, invitations and failing webhooks, for those who may see them", async () => {
    expect(await readOfficeOverview(database, EVERYTHING, NOW)).toEqual({
      membershipRequests: 0,
      invitations: { waiting: 0, accepted: 0, bounced: 0 },
      week: { events: 0, drafts: 0, signedUp: 0, waitlisted: 0 },
      webhooks: { failing: 0, disabled: 0 },
    });

    await event("evt_week_a", 1, "SCHEDULED");
    await event("evt_week_b", 6.9, "SCHEDULED");
    await event("evt_week_draft", 2, "DRAFT");
    await event("evt_week_cancelled", 3, "CANCELLED");
    await event("evt_next_week", 7.1, "SCHEDULED");
    await event("evt_yesterday", -1, "SCHEDULED");
    await signUp("evt_week_a", "registered");
    await signUp("evt_week_a", "registered");
    await signUp("evt_week_b", "waitlisted");
    await signUp("evt_week_a", "cancelled");
    await signUp("evt_week_cancelled", "registered");
    await signUp("evt_next_week", "registered");

    for (const [index, status] of ["pending", "pending", "approved"].entries()) {
      const member = await insertMember(database);
      await database.query(`INSERT INTO membership_record (id, given_name, family_name, updated_at) VALUES ($1, 'Ruth', 'Okafor', now())`, [`mbr_overview${index}`]);
      await database.query(`INSERT INTO membership_link_request (membership_id, user_id, status) VALUES ($1, $2::uuid, $3)`, [`mbr_overview${index}`, member.id, status]);
    }
    // Invitations: one open, one accepted, one whose email was refused for good, one past its days.
    const [givenUp] = await database.query<{ id: string }>(`INSERT INTO outbox_message (channel, recipient, body, attempts) VALUES ('email', 'typo@refused.example', 'x', $1) RETURNING id::text`, [MAX_DELIVERY_ATTEMPTS]);
    for (const [index, status, expiresInDays, messageId] of [
      [0, "sent", 10, null],
      [1, "accepted", 10, null],
      [2, "sent", 10, givenUp!.id],
      [0, "replaced", -1, null],
      [1, "sent", -1, null],
    ] as const) {
      await database.query(
        `INSERT INTO invitation (record_id, email, token_hash, status, expires_at, message_id) VALUES ($1, 'ruth@okafor.example', $2, $3, now() + make_interval(days => $4), $5::uuid)`,
        [`mbr_overview${index}`, `hash-${crypto.randomUUID()}`, status, expiresInDays, messageId],
      );
    }
    for (const [id, enabled, failingSince, autoDisabledAt] of [
      ["whep_okokokokok", true, null, null],
      ["whep_failingaaa", true, NOW, null],
      ["whep_offoffoffo", false, NOW, NOW],
      ["whep_staffoffaa", false, null, null],
    ] as const) {
      await database.query(
        `INSERT INTO webhook_endpoint (id, url, event_types, secret_sealed, enabled, failing_since, auto_disabled_at) VALUES ($1, 'https://example.org/hook', ARRAY['event.updated'], 'x', $2, $3, $4)`,
        [id, enabled, failingSince, autoDisabledAt],
      );
    }

    expect(await readOfficeOverview(database, EVERYTHING, NOW)).toEqual({
      membershipRequests: 2,
      invitations: { waiting: 1, accepted: 1, bounced: 1 },
      week: { events: 2, drafts: 1, signedUp: 2, waitlisted: 1 },
      webhooks: { failing: 1, disabled: 1 },
    });
    expect(await readOfficeOverview(database, new Set(["events:read"]), NOW)).toEqual({ week: { events: 2, drafts: 1, signedUp: 2, waitlisted: 1 } });
    expect(await readOfficeOverview(database, new Set(["membership:read"]), NOW)).toEqual({ membershipRequests: 2, invitations: { waiting: 1, accepted: 1, bounced: 1 } });
    expect(await readOfficeOverview(database, new Set(), NOW)).toEqual({});
  });
});
