/**
 * The one step where a password sign-in and a passkey sign-in differ, measured alone and side by side in one
 * process: checking the password (argon2id with our parameters, lib/crypto/password.ts) against checking a
 * passkey's answer (SimpleWebAuthn's verifyAuthenticationResponse: client data, authenticator data, an ES256
 * signature over them). Everything else a sign-in does (the challenge, the session, the security log, the
 * browser's notice, the cookies) is the same for both and is measured by bench/oauth.ts's sign-in rows.
 *
 *   npx tsx --conditions=react-server bench/sign-in-checks.ts [--seconds 5]
 *
 * CPU is the process's (process.cpuUsage: every thread, so argon2's work in libuv's pool counts), per check,
 * with `--concurrency` checks in flight (default 4, so the pool's threads are busy as under load).
 */
import { parseArgs } from "node:util";
import { verifyAuthenticationResponse } from "@simplewebauthn/server";
import { hashPassword, verifyPassword } from "../lib/crypto/password.ts";
import { newSoftwarePasskey, signAssertion } from "../e2e/support/software-authenticator.ts";
import { busyMachineWarning, describeMachine } from "./run.ts";

const { values } = parseArgs({ options: { seconds: { type: "string", default: "5" }, concurrency: { type: "string", default: "4" } } });
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);

async function measure(label: string, check: () => Promise<boolean>): Promise<{ label: string; perSecond: number; cpuMs: number }> {
  for (let warm = 0; warm < 20; warm++) if (!(await check())) throw new Error(`${label}: a check failed`);
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        if (!(await check())) throw new Error(`${label}: a check failed`);
        done++;
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  const elapsed = (performance.now() - started) / 1000;
  return { label, perSecond: done / elapsed, cpuMs: (cpu.user + cpu.system) / 1000 / done };
}

process.env.APP_SECRET ??= "bench-secret-0123456789abcdef0123456789abcdef";
console.log(`Sign-in checks, ${new Date().toISOString()}\nMachine: ${describeMachine()}`);
const busy = busyMachineWarning("so compare CPU ms per check rather than checks/s.");
if (busy) console.log(`⚠ ${busy}`);

const hash = await hashPassword("correct horse battery staple");
const password = await measure("password (argon2id)", () => verifyPassword(hash, "correct horse battery staple"));

const origin = "http://127.0.0.1:3000";
const passkey = newSoftwarePasskey({ synced: true });
const challenge = Buffer.alloc(32, 7).toString("base64url");
const assertion = signAssertion(passkey, { challenge, rpId: "127.0.0.1", origin });
const credential = { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: 0 };
const passkeyCheck = await measure("passkey (ES256 assertion)", async () => {
  const result = await verifyAuthenticationResponse({
    response: assertion as never,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: "127.0.0.1",
    credential,
    requireUserVerification: true,
  });
  return result.verified;
});

console.log("\n| check | checks/s | CPU ms/check | checks/s per core | ratio per core |\n| --- | ---: | ---: | ---: | ---: |");
for (const row of [password, passkeyCheck]) {
  console.log(`| ${row.label} | ${row.perSecond.toFixed(0)} | ${row.cpuMs.toFixed(3)} | ${(1000 / row.cpuMs).toFixed(0)} | ${(password.cpuMs / row.cpuMs).toFixed(1)} |`);
}
