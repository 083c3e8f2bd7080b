import type { Page } from "@playwright/test";
import { sql } from "./database.ts";
import { newSoftwarePasskey, type SoftwarePasskey } from "./software-authenticator.ts";
import type { VirtualAuthenticator } from "./virtual-authenticator.ts";

/**
 * Passkeys a member already has, made without the registration ceremony (the specs of passkey sign-in need
 * one, and registering is the management specs' subject): a key pair whose public half is stored as the
 * server stores a registered one, and whose private half is held by the test process (API specs) or put
 * into Chromium's virtual authenticator as a discoverable credential for `localhost` (browser specs).
 */

/** Stores the passkey as registered to the member; answers its id. `storedCounter` defaults to the passkey's. */
export async function storePasskey(member: { id: string }, passkey: SoftwarePasskey, options: { name?: string; storedCounter?: number } = {}): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `INSERT INTO passkey (user_id, credential_id, public_key, sign_count, transports, device_type, backed_up, aaguid, name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, '00000000-0000-0000-0000-000000000000', $8) RETURNING id`,
    [
      member.id,
      passkey.credentialId,
      Buffer.from(passkey.publicKey),
      options.storedCounter ?? passkey.counter,
      ["internal"],
      passkey.synced ? "multiDevice" : "singleDevice",
      passkey.synced,
      options.name ?? "Test phone",
    ],
  );
  return row!.id;
}

/**
 * The user handle the server gives a member's passkeys: the 16 bytes of the account id, base64url (the
 * specs' own copy of the rule, as e2e/api/contract-independence.spec.ts asks).
 */
export function userHandleOf(userId: string): string {
  return Buffer.from(userId.replaceAll("-", ""), "hex").toString("base64url");
}

const toBase64 = (base64url: string) => Buffer.from(base64url, "base64url").toString("base64");

/** Puts the passkey's private key into the virtual authenticator, as a discoverable credential for `localhost`. */
export async function holdInAuthenticator(authenticator: VirtualAuthenticator, passkey: SoftwarePasskey): Promise<void> {
  await authenticator.addCredential({
    credentialId: toBase64(passkey.credentialId),
    isResidentCredential: true,
    rpId: "localhost",
    privateKey: passkey.privateKeyPkcs8.toString("base64"),
    userHandle: passkey.userHandle ? toBase64(passkey.userHandle) : undefined,
    signCount: passkey.counter,
    backupEligibility: passkey.synced,
    backupState: passkey.synced,
  });
}

export interface SeededPasskey {
  id: string;
  passkey: SoftwarePasskey;
}

/** A passkey registered to the member and held by the browser's virtual authenticator. */
export async function seedPasskey(
  authenticator: VirtualAuthenticator,
  member: { id: string },
  options: { name?: string; synced?: boolean; counter?: number; storedCounter?: number } = {},
): Promise<SeededPasskey> {
  const passkey = newSoftwarePasskey({ userHandle: userHandleOf(member.id), synced: options.synced, counter: options.counter });
  await holdInAuthenticator(authenticator, passkey);
  return { id: await storePasskey(member, passkey, options), passkey };
}

export const APP_CALLBACK = /^http:\/\/127\.0\.0\.1:8080\/callback\?/;

/** The demo app's redirect URI answers in the browser, so the code can be read off the address. */
export async function playTheApp(page: Page): Promise<void> {
  await page.route("http://127.0.0.1:8080/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>Back at the app</p>" }));
}

/**
 * A browser whose passkeys are not offered in autofill (no conditional mediation, as in some browsers): the
 * button is then the only way, where Chromium's virtual authenticator would otherwise answer the page's
 * autofill request on its own, as soon as the page loads.
 */
export async function withoutPasskeyAutofill(page: Page): Promise<void> {
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
}
