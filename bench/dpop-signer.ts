/**
 * A DPoP key and its proofs (RFC 9449 4.2) for the benchmark's load generator: node:crypto signs
 * synchronously, so a closed-loop worker can make a fresh proof (new jti, current nonce) for every request
 * without an await. The server's nonce is taken from every answer's DPoP-Nonce header.
 */
import { generateKeyPairSync, randomUUID, sign, type KeyObject } from "node:crypto";

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

export class DpopSigner {
  private readonly privateKey: KeyObject;
  private readonly header: string;
  nonce: string | null = null;

  constructor() {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = privateKey;
    const { kty, crv, x, y } = publicKey.export({ format: "jwk" });
    this.header = base64url(JSON.stringify({ typ: "dpop+jwt", alg: "ES256", jwk: { kty, crv, x, y } }));
  }

  proof(method: string, url: string): string {
    const payload = { htm: method, htu: url, jti: randomUUID(), iat: Math.floor(Date.now() / 1000), ...(this.nonce ? { nonce: this.nonce } : {}) };
    const signingInput = `${this.header}.${base64url(JSON.stringify(payload))}`;
    const signature = sign("sha256", Buffer.from(signingInput), { key: this.privateKey, dsaEncoding: "ieee-p1363" });
    return `${signingInput}.${base64url(signature)}`;
  }

  /** Keeps the nonce an answer handed out, if any. */
  absorb(headers: Record<string, string | string[] | undefined>): void {
    const nonce = headers["dpop-nonce"];
    if (typeof nonce === "string" && nonce) this.nonce = nonce;
  }
}
