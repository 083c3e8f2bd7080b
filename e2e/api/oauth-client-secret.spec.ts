import { expect, test } from "@playwright/test";
import { sql } from "../support/database.ts";
import { tokenHash } from "../support/oauth-tokens.ts";
import { tokenRequest } from "../support/oauth-client.ts";

/**
 * The token endpoint keeps recently read clients for a few seconds (decision 0008). A secret that does not
 * match the cached client is checked against the database before it is refused, so a replaced secret works
 * at once; the old one is refused as soon as the instance has seen the new one (else within 5 seconds).
 */
test("a replaced client secret works at once, and then the old one is refused", async () => {
  const id = `secret-rotation-${Date.now()}`;
  const first = "first-secret-0123456789abcdef";
  const second = "second-secret-0123456789abcdef";
  await sql(
    `INSERT INTO client (id, name, type, secret_hash, redirect_uris, post_logout_redirect_uris, grant_types, scopes, first_party)
     VALUES ($1, 'Secret rotation test', 'confidential', $2, '{}', '{}', '{client_credentials}', '{profile}', false)`,
    [id, tokenHash(first)],
  );
  expect((await tokenRequest({ grant_type: "client_credentials" }, { id, secret: first })).status).toBe(200);

  await sql(`UPDATE client SET secret_hash = $2 WHERE id = $1`, [id, tokenHash(second)]);
  expect((await tokenRequest({ grant_type: "client_credentials" }, { id, secret: second })).status).toBe(200);
  const old = await tokenRequest({ grant_type: "client_credentials" }, { id, secret: first });
  expect(old.status).toBe(401);
  expect(old.body).toEqual({ error: "invalid_client", error_description: "client authentication failed" });
});
