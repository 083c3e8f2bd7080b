import "server-only";
import { hashToken, randomToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import { IdentityError } from "../identity/errors.ts";
import { isChurchSetUp } from "./setup-state.ts";

/**
 * The setup address (issue 39): printed to the server's log at start-up while no administrator exists, and
 * nowhere else. Whoever can read the server's log is whoever runs it, so the address is their proof. Its token
 * (256 random bits) is kept only as its SHA-256; every start writes a new one (each instance of several prints
 * its own) and all of them die when setup ends. A day's life: an address left in an old log opens nothing.
 */
export const SETUP_TOKEN_HOURS = 24;

/** Said for every token that does not open setup: a wrong one, an expired one, and every one once setup is done. */
export const SETUP_ADDRESS_DEAD = "this setup address is not valid: setup is finished, or the address is old (restart the server for a new one)";

/** A new setup address, or null when the church is already set up. */
export async function openSetupAddress(database: Database, baseUrl: string, now = new Date()): Promise<string | null> {
  if (await isChurchSetUp(database)) return null;
  const token = randomToken(32);
  await database.prisma.setupToken.deleteMany({ where: { expiresAt: { lte: now } } });
  await database.prisma.setupToken.create({
    data: { tokenHash: hashToken(token), createdAt: now, expiresAt: new Date(now.getTime() + SETUP_TOKEN_HOURS * 3_600_000) },
    select: { tokenHash: true },
  });
  return `${baseUrl}/setup?token=${token}`;
}

export interface OpenSetup {
  tokenHash: string;
  /** The administrator this address's wizard has made so far, if it has. */
  accountId: string | null;
}

/** The setup a token opens, or `not_found` (the page is then gone): setup finished, or the token unknown or expired. */
export async function requireOpenSetup(database: Database, token: string, now = new Date()): Promise<OpenSetup> {
  if (await isChurchSetUp(database)) throw new IdentityError("not_found", SETUP_ADDRESS_DEAD);
  const row = await database.prisma.setupToken.findUnique({ where: { tokenHash: hashToken(token) }, select: { tokenHash: true, accountId: true, expiresAt: true } });
  if (!row || row.expiresAt <= now) throw new IdentityError("not_found", SETUP_ADDRESS_DEAD);
  return { tokenHash: row.tokenHash, accountId: row.accountId };
}
