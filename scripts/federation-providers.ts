/**
 * `npx tsx --conditions=react-server scripts/federation-providers.ts <command>`: the external OpenID
 * Connect providers members may sign in with ("Continue with <name>"), kept in the database so every
 * instance sees a change at once (docs/decisions/0014-federated-identity.md).
 */
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import type { Database } from "../lib/db/database.ts";
import { loadDotEnv } from "./load-dot-env.ts";

const usage = `usage: npx tsx --conditions=react-server scripts/federation-providers.ts <command> [options]
  list                         every provider: id, name, issuer, client id, scopes, enabled, linked identities
  add                          adds a provider, or replaces one's settings and secret (and enables it)
    --id ID                      short slug, e.g. google (lower-case letters, digits, dashes)
    --name NAME                  shown as "Continue with NAME"
    --issuer URL                 the issuer identifier (https://; http:// only for localhost)
    --client-id ID               our client id at the provider
    --scope SCOPE                repeatable; default openid email profile (openid is required)
    --skip-check                 do not fetch the issuer's discovery document first
    The client secret is read from the FEDERATION_CLIENT_SECRET environment variable, or else from
    standard input, never from the command line (it would show in the process list and shell history).
  disable --id ID              stops offering it; its callbacks are refused; links are kept
  enable --id ID               offers it again
  remove --id ID --force       deletes it and every identity linked through it

Register this redirect URI at the provider: <BASE_URL>/auth/federated/callback`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    id: { type: "string" },
    name: { type: "string" },
    issuer: { type: "string" },
    "client-id": { type: "string" },
    scope: { type: "string", multiple: true },
    "skip-check": { type: "boolean", default: false },
    force: { type: "boolean", default: false },
    help: { type: "boolean", short: "h" },
  },
});
const command = positionals[0];
if (values.help || !command || !["list", "add", "disable", "enable", "remove"].includes(command)) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}

loadDotEnv();
process.env.SEED_DEMO_DATA = "false";
const { database: openDatabase, closeDatabase } = await import("../lib/db.ts");
const providers = await import("../lib/federation/providers.ts");
const { federationProviderInputSchema, isLoopbackHttpIssuer } = await import("../lib/federation/schemas.ts");
const { env } = await import("../lib/env.ts");

/** The first line of standard input (a prompt when it is a terminal). */
async function readSecret(): Promise<string> {
  if (process.env.FEDERATION_CLIENT_SECRET) return process.env.FEDERATION_CLIENT_SECRET;
  if (process.stdin.isTTY) process.stderr.write("Client secret (input is not hidden; pipe it in to keep it off screen): ");
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line.trim();
  }
  return "";
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function requireId(): string {
  if (!values.id) fail("--id is required");
  return values.id;
}

async function run(database: Database): Promise<void> {
  switch (command) {
    case "list": {
      const rows = await providers.listAllProviders(database);
      if (rows.length === 0) console.log("No providers configured.");
      for (const row of rows) {
        console.log(
          `${row.id}\t${row.enabled ? "enabled" : "disabled"}\t"${row.displayName}"\t${row.issuer}\tclient ${row.clientId}\t` +
            `scopes ${row.scopes.join(" ")}\t${row.linkedIdentities} linked`,
        );
      }
      return;
    }
    case "add": {
      const checked = federationProviderInputSchema.safeParse({
        id: values.id,
        displayName: values.name,
        issuer: values.issuer,
        clientId: values["client-id"],
        clientSecret: await readSecret(),
        scopes: values.scope?.flatMap((scope) => scope.split(" ").filter(Boolean)),
      });
      if (!checked.success) fail(checked.error.issues.map((issue) => `  ${issue.path.join(".") || "provider"}: ${issue.message}`).join("\n"));
      if (!values["skip-check"]) {
        const { ClientSecretBasic, allowInsecureRequests, discovery } = await import("openid-client");
        try {
          // Discovery fails unless the document's issuer is exactly the one configured.
          const configuration = await discovery(new URL(checked.data.issuer), checked.data.clientId, undefined, ClientSecretBasic(checked.data.clientSecret), {
            execute: isLoopbackHttpIssuer(checked.data.issuer) ? [allowInsecureRequests] : [],
            timeout: 10,
          });
          const metadata = configuration.serverMetadata();
          const methods = metadata.code_challenge_methods_supported;
          if (methods && !methods.includes("S256")) console.warn("warning: the provider does not list PKCE S256 support");
        } catch (error) {
          fail(`The issuer's discovery document could not be used (${error instanceof Error ? error.message : String(error)}). Check --issuer, or pass --skip-check.`);
        }
      }
      const { created } = await providers.saveFederationProvider(database, checked.data);
      console.log(`${created ? "Added" : "Updated"} provider ${checked.data.id} ("Continue with ${checked.data.displayName}").`);
      console.log(`Its redirect URI: ${env().BASE_URL}/auth/federated/callback`);
      return;
    }
    case "disable":
    case "enable": {
      const id = requireId();
      if (!(await providers.setFederationProviderEnabled(database, id, command === "enable"))) fail(`No provider ${id}.`);
      console.log(`Provider ${id} ${command}d.`);
      return;
    }
    case "remove": {
      const id = requireId();
      if (!values.force) fail(`Removing ${id} also unlinks every account linked through it. Run again with --force, or use disable.`);
      if (!(await providers.removeFederationProvider(database, id))) fail(`No provider ${id}.`);
      console.log(`Provider ${id} removed, with every identity linked through it.`);
      return;
    }
  }
}

const database = await openDatabase();
try {
  await run(database);
} finally {
  await closeDatabase();
}
