/**
 * Recreates, migrates and seeds one database for a proof or a benchmark, as e2e/prepare-database.ts does for
 * the end-to-end suite (both through e2e/support/seeded-database.ts). Its own process per database, since
 * the seed reads DATABASE_URL, APP_SECRET and BASE_URL from the environment once.
 *
 *   tsx --conditions=react-server scripts/proofs/prepare-database.ts <database url> <admin url> <base url>
 */
import { recreateSeededDatabase } from "../../e2e/support/seeded-database.ts";
import { PROOFS_APP_SECRET } from "./support/config.ts";

const [databaseUrl, adminUrl, baseUrl] = process.argv.slice(2);
if (!databaseUrl || !adminUrl || !baseUrl) throw new Error("usage: prepare-database.ts <database url> <admin url> <base url>");

const name = new URL(databaseUrl).pathname.slice(1);
// It is dropped: only ever a database of the proofs or of a benchmark (bench/lighthouse.ts).
if (!/^[a-z_][a-z0-9_]*$/.test(name) || !/proofs|bench/.test(name)) throw new Error(`refusing to recreate database ${name}: its name must contain "proofs" or "bench"`);
const seeded = await recreateSeededDatabase({ databaseUrl, adminUrl, appSecret: PROOFS_APP_SECRET, baseUrl });
console.log(`[proofs] database ${name}: migrated and seeded (${seeded.events} events, ${seeded.accounts} accounts, ${seeded.membershipRecords} membership records)`);
