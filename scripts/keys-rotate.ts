/**
 * `npm run keys:rotate`: creates new token-signing keys (RS256 and ES256) and retires the current ones.
 * Retired keys stay in the JWKS until every token they signed has expired, so nothing in flight breaks.
 * Run it on a schedule (e.g. every 90 days) or at once if a key may have leaked.
 */
import { loadDotEnv } from "./load-dot-env.ts";

loadDotEnv();
process.env.SEED_DEMO_DATA = "false";
const { database: openDatabase, closeDatabase } = await import("../lib/db.ts");
const { rotateSigningKeys } = await import("../lib/oauth/keys.ts");
const { RETIRED_KEY_PUBLISH_SECONDS } = await import("../lib/oauth/config.ts");

const database = await openDatabase();
const created = await rotateSigningKeys(database);
console.log(`New signing keys: ${created.join(", ")}`);
console.log(`The previous keys stay published for ${Math.round(RETIRED_KEY_PUBLISH_SECONDS / 60)} minutes.`);
await closeDatabase();
