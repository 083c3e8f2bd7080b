import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { decodeProtectedHeader } from "jose";
import { sql } from "../support/database.ts";
import { TEST_APP_SECRET, TEST_DATABASE_URL } from "../support/test-env.ts";

/**
 * Signing keys live in the database with their private part sealed, and `npm run keys:rotate` keeps the
 * previous key published so tokens already issued stay valid.
 */
const demoApp = { Authorization: `Basic ${Buffer.from("demo-app:demo-secret").toString("base64")}` };

async function clientCredentialsToken(request: import("@playwright/test").APIRequestContext): Promise<string> {
  const response = await request.post("/oauth/token", { headers: demoApp, form: { grant_type: "client_credentials" } });
  expect(response.status()).toBe(200);
  return (await response.json()).access_token as string;
}

test("private keys are stored sealed, never as a plain JWK", async () => {
  const rows = await sql<{ private_jwk_encrypted: string; public_jwk: Record<string, unknown> }>(
    "SELECT private_jwk_encrypted, public_jwk FROM signing_key",
  );
  expect(rows.length).toBeGreaterThanOrEqual(2);
  for (const row of rows) {
    expect(row.private_jwk_encrypted.split(".")).toHaveLength(5);
    expect(row.private_jwk_encrypted).not.toContain('"d"');
    expect(row.public_jwk).not.toHaveProperty("d");
  }
});

test("rotation publishes new keys and keeps the previous ones until their tokens expire", async ({ request }) => {
  const before = await clientCredentialsToken(request);
  const oldKid = decodeProtectedHeader(before).kid;
  execFileSync("npx", ["tsx", "--conditions=react-server", "scripts/keys-rotate.ts"], {
    env: { ...process.env, DATABASE_URL: TEST_DATABASE_URL, APP_SECRET: TEST_APP_SECRET },
    stdio: "pipe",
  });
  const current = await sql<{ id: string; alg: string }>("SELECT id, alg FROM signing_key WHERE retired_at IS NULL");
  expect(current.map((key) => key.alg).sort()).toEqual(["ES256", "RS256"]);
  expect(current.map((key) => key.id)).not.toContain(oldKid);

  // The new keys are published now but sign only after the hand-over, when every JWKS cache has them;
  // the old key signs until then and stays published for the lifetime of its tokens after that.
  const [handover] = await sql<{ new_active_in: number; old_retires_before_new: boolean; published_after: number }>(
    `SELECT min(extract(epoch FROM n.active_from - now())) AS new_active_in,
            bool_and(o.retired_at <= n.active_from) AS old_retires_before_new,
            min(extract(epoch FROM o.publish_until - o.retired_at)) AS published_after
       FROM signing_key o, signing_key n WHERE o.id = $1 AND n.alg = o.alg AND n.retired_at IS NULL`,
    [oldKid],
  );
  expect(Number(handover!.new_active_in)).toBeGreaterThan(60);
  expect(handover!.old_retires_before_new).toBe(true);
  expect(Number(handover!.published_after)).toBeGreaterThanOrEqual(600);
  const jwks = (await (await request.get("/.well-known/jwks.json")).json()) as { keys: { kid: string }[] };
  expect(jwks.keys.map((key) => key.kid)).toContain(oldKid);
  // Until the hand-over, tokens are still signed with a key every verifier already has.
  const after = await clientCredentialsToken(request);
  expect(current.map((key) => key.id)).not.toContain(decodeProtectedHeader(after).kid);

  const introspection = await request.post("/oauth/introspect", { headers: demoApp, form: { token: before } });
  expect((await introspection.json()).active).toBe(true);
});
