/**
 * A passkey for each account the sign-in benchmark uses, registered straight in the bench database (the
 * ceremony is not what is measured), with its private key kept by the load generator, which signs each
 * answer (e2e/support/software-authenticator.ts). A zero counter, as synced passkeys report, so any answer
 * order across connections is valid.
 */
import pg from "pg";
import { userHandleBase64url } from "../lib/passkeys/user-handle.ts";
import { newSoftwarePasskey } from "../e2e/support/software-authenticator.ts";
import type { BenchPasskeys } from "./oauth-scenarios.ts";

const NAME = "bench passkey";

export async function registerBenchPasskeys(databaseUrl: string, emails: string[], issuer: string): Promise<BenchPasskeys> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DELETE FROM passkey WHERE name = $1`, [NAME]);
    const passkeys = [];
    for (const email of emails) {
      const { rows } = await client.query<{ id: string }>(`SELECT id FROM account WHERE email = $1`, [email]);
      const userId = rows[0]?.id;
      if (!userId) throw new Error(`${email} is not in the bench database`);
      const passkey = newSoftwarePasskey({ userHandle: userHandleBase64url(userId), synced: true });
      await client.query(
        `INSERT INTO passkey (user_id, credential_id, public_key, sign_count, transports, device_type, backed_up, aaguid, name)
         VALUES ($1, $2, $3, 0, '{internal}', 'multiDevice', true, '00000000-0000-0000-0000-000000000000', $4)`,
        [userId, passkey.credentialId, Buffer.from(passkey.publicKey), NAME],
      );
      passkeys.push(passkey);
    }
    return { rpId: new URL(issuer).hostname, passkeys };
  } finally {
    await client.end();
  }
}
