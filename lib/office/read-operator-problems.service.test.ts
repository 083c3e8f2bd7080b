import { afterEach, describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { MAX_DELIVERY_ATTEMPTS } from "../outbox/deliver-messages.ts";
import { OPERATOR_PERMISSION, readOperatorProblems } from "./read-operator-problems.ts";

// What the server's operator must fix, on the office's front page for administrators: email not set up, emails
// and texts late or given up, signing keys due for rotation. The setup and the clock are handed in.
const database = serviceTestDatabase();
const NOW = new Date("2030-05-01T12:00:00Z");
const MINUTE = 60_000;
const DAY = 86_400_000;
const ADMIN = new Set([OPERATOR_PERMISSION, "events:read", "clients:read"]);
const SET_UP = { emailSendingConfigured: true, now: NOW };
const NO_SMTP = { emailSendingConfigured: false, now: NOW };

const ago = (milliseconds: number) => new Date(NOW.getTime() - milliseconds);

async function message(channel: string, age: number, fields: { attempts?: number; sent?: boolean } = {}) {
  await database.query(`INSERT INTO outbox_message (channel, recipient, body, created_at, attempts, sent_at, last_error) VALUES ($1, 'x@example.org', 'body', $2, $3, $4, $5)`, [
    channel,
    ago(age),
    fields.attempts ?? 0,
    fields.sent ? ago(age - MINUTE) : null,
    (fields.attempts ?? 0) > 0 ? "Error: connection refused" : null,
  ]);
}

async function signingKey(id: string, age: number, retiredAgo: number | null = null) {
  await database.query(
    `INSERT INTO signing_key (id, alg, public_jwk, private_jwk_encrypted, created_at, active_from, retired_at, publish_until) VALUES ($1, 'ES256', '{}'::jsonb, 'sealed', $2, $2, $3, $3)`,
    [id, ago(age), retiredAgo === null ? null : ago(retiredAgo)],
  );
}

describe("readOperatorProblems", () => {
  afterEach(async () => {
    await database.query(`DELETE FROM outbox_message`);
    await database.query(`DELETE FROM signing_key`);
  });

  it("finds nothing on a fresh database with email set up, and says only that email is not set up without it", async () => {
    expect(await readOperatorProblems(database, ADMIN, SET_UP)).toEqual([]);
    expect(await readOperatorProblems(database, ADMIN, NO_SMTP)).toEqual([{ kind: "email_not_configured", emailsWaiting: 0, oldestWaitingSince: null }]);
  });

  it("is for administrators only: staff without the permission are told nothing", async () => {
    await message("email", 2 * DAY);
    await message("sms", 2 * DAY);
    await signingKey("es256-old", 200 * DAY);
    expect(await readOperatorProblems(database, new Set(["events:read", "membership:read", "clients:read", "audit:read"]), NO_SMTP)).toEqual([]);
    expect((await readOperatorProblems(database, ADMIN, NO_SMTP)).map((problem) => problem.kind)).toEqual(["email_not_configured", "outbox_backlog", "signing_keys_due"]);
  });

  it("counts emails and texts unsent past 15 minutes and those given up in the past week, never sent ones, webhooks or logouts", async () => {
    await message("email", 20 * MINUTE, { attempts: 1 });
    await message("email", 14 * MINUTE);
    await message("sms", 2 * 60 * MINUTE);
    await message("email", 60 * MINUTE, { sent: true });
    await message("email", 1 * DAY, { attempts: MAX_DELIVERY_ATTEMPTS });
    await message("sms", 3 * DAY, { attempts: MAX_DELIVERY_ATTEMPTS });
    await message("email", 8 * DAY, { attempts: MAX_DELIVERY_ATTEMPTS });
    await message("webhook", 60 * MINUTE, { attempts: 2 });
    await message("backchannel_logout", 60 * MINUTE, { attempts: MAX_DELIVERY_ATTEMPTS });

    expect(await readOperatorProblems(database, ADMIN, SET_UP)).toEqual([
      { kind: "outbox_backlog", late: 2, oldestLateSince: ago(2 * 60 * MINUTE), givenUp: 2, latestGivenUpAt: ago(1 * DAY) },
    ]);
    // Without a mail server the emails are that problem's: the backlog keeps the texts.
    expect(await readOperatorProblems(database, ADMIN, NO_SMTP)).toEqual([
      { kind: "email_not_configured", emailsWaiting: 2, oldestWaitingSince: ago(20 * MINUTE) },
      { kind: "outbox_backlog", late: 1, oldestLateSince: ago(2 * 60 * MINUTE), givenUp: 1, latestGivenUpAt: ago(3 * DAY) },
    ]);
  });

  it("says the signing keys are due when those signing now are older than 90 days, and not once they are rotated", async () => {
    await signingKey("es256-retired", 300 * DAY, 200 * DAY);
    await signingKey("es256-current", 89 * DAY);
    expect(await readOperatorProblems(database, ADMIN, SET_UP)).toEqual([]);

    await database.query(`UPDATE signing_key SET created_at = $1 WHERE id = 'es256-current'`, [ago(91 * DAY)]);
    expect(await readOperatorProblems(database, ADMIN, SET_UP)).toEqual([{ kind: "signing_keys_due", keysSince: ago(91 * DAY), rotationDays: 90 }]);

    // What `npm run keys:rotate` does: the current key is handed over (retired from a moment on), a new one made.
    await database.query(`UPDATE signing_key SET retired_at = $1, publish_until = $1 WHERE id = 'es256-current'`, [new Date(NOW.getTime() + 3 * MINUTE)]);
    await signingKey("es256-new", 0);
    expect(await readOperatorProblems(database, ADMIN, SET_UP)).toEqual([]);
  });
});
