import type { CDPSession, Page } from "@playwright/test";

/**
 * Chromium's virtual authenticator (DevTools Protocol, `WebAuthn` domain): a platform authenticator with
 * discoverable credentials and user verification, as a phone's passkey provider is. Everything a real one
 * keeps (credentials, their signature counters) can be read and changed, so specs can clone a credential
 * (make its counter go backwards) or take one away.
 */
export interface VirtualCredential {
  /** Standard base64 (the protocol's), not the base64url WebAuthn JSON and our database use. */
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  /** PKCS#8 private key, base64. */
  privateKey: string;
  userHandle?: string;
  signCount: number;
  backupEligibility?: boolean;
  backupState?: boolean;
}

export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
  credentials(): Promise<VirtualCredential[]>;
  addCredential(credential: VirtualCredential): Promise<void>;
  removeCredential(credentialId: string): Promise<void>;
  /** Whether the next ceremonies verify the user (a passing fingerprint or PIN) or not. */
  setUserVerified(verified: boolean): Promise<void>;
  remove(): Promise<void>;
}

export async function addVirtualAuthenticator(
  page: Page,
  options: { transport?: "internal" | "usb"; backup?: boolean } = {},
): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      ctap2Version: "ctap2_1",
      transport: options.transport ?? "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
      // A synced passkey (iCloud Keychain, Google Password Manager) is backup eligible and backed up.
      defaultBackupEligibility: options.backup ?? false,
      defaultBackupState: options.backup ?? false,
    },
  });
  return {
    cdp,
    authenticatorId,
    async credentials() {
      const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
      return credentials as VirtualCredential[];
    },
    async addCredential(credential) {
      await cdp.send("WebAuthn.addCredential", { authenticatorId, credential });
    },
    async removeCredential(credentialId) {
      await cdp.send("WebAuthn.removeCredential", { authenticatorId, credentialId });
    },
    async setUserVerified(verified) {
      await cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified: verified });
    },
    async remove() {
      await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
    },
  };
}
