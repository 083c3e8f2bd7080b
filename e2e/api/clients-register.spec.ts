import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { sql } from "../support/database.ts";
import { POSTGRES_BASE_URL, TEST_APP_SECRET, TEST_DATABASE_URL } from "../support/test-env.ts";

/**
 * `npm run clients:register` (scripts/clients-register.ts) takes the same redirect-URI rules as the staff
 * API (issue 14): https, http only on the loopback interface, no fragment, no user name or password.
 */
function register(...args: string[]) {
  const result = spawnSync("node_modules/.bin/tsx", ["--conditions=react-server", "scripts/clients-register.ts", ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", APP_SECRET: TEST_APP_SECRET, DATABASE_URL: TEST_DATABASE_URL, BASE_URL: POSTGRES_BASE_URL },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

test("clients:register refuses a redirect URI over http outside loopback, or with a user name, naming the field; loopback http is registered", async () => {
  const refused = register(
    "--name",
    "Intranet app",
    "--redirect-uri",
    "http://intranet.example.org/callback",
    "--post-logout-redirect-uri",
    "https://church.example@evil.example/",
  );
  expect(refused.status).toBe(2);
  expect(refused.stderr).toContain("  redirectUris.0: must use https (http only on this device: 127.0.0.1, [::1] or localhost)\n");
  expect(refused.stderr).toContain("  postLogoutRedirectUris.0: must not contain a user name or password\n");
  expect(refused.stdout).not.toContain("client_id:");

  const accepted = register("--name", "Desktop app", "--public", "--redirect-uri", "http://127.0.0.1:7272/callback", "--post-logout-redirect-uri", "https://app.example.org/");
  expect(accepted.status, accepted.stderr).toBe(0);
  const clientId = /^client_id:\s+(\S+)$/m.exec(accepted.stdout)?.[1];
  expect(clientId).toMatch(/^cl_/);
  expect(await sql(`SELECT redirect_uris, post_logout_redirect_uris FROM client WHERE id = $1`, [clientId])).toEqual([
    { redirect_uris: ["http://127.0.0.1:7272/callback"], post_logout_redirect_uris: ["https://app.example.org/"] },
  ]);
});

test("clients:register --no-require-pkce relaxes PKCE for a confidential client only (decision 0006)", async () => {
  const refused = register("--name", "Phone app", "--public", "--no-require-pkce", "--redirect-uri", "http://127.0.0.1:7272/callback");
  expect(refused.status).toBe(2);
  expect(refused.stderr).toContain("  requirePkce: a public client always uses PKCE\n");

  const accepted = register("--name", "Nonce app", "--no-require-pkce", "--redirect-uri", "https://nonce.example.org/callback");
  expect(accepted.status, accepted.stderr).toBe(0);
  const clientId = /^client_id:\s+(\S+)$/m.exec(accepted.stdout)?.[1];
  expect(await sql(`SELECT type, require_pkce FROM client WHERE id = $1`, [clientId])).toEqual([{ type: "confidential", require_pkce: false }]);
});
