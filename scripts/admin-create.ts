/**
 * `npm run admin:create -- --email ada@church.example --given-name Ada --family-name Lovelace` makes the church's
 * first administrator on an empty start, or gives access back when every administrator is locked out: run on
 * the server, which is what proves the right to (lib/users/create-administrator.ts). The password is read from
 * ADMIN_PASSWORD or standard input (typed unseen at a terminal), never from the command line, where it would
 * stay in the shell's history and the process list. With the embedded database, stop the server first: its
 * folder opens in one process at a time.
 */
import { spawnSync } from "node:child_process";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { loadDotEnv } from "./load-dot-env.ts";

const usage = `usage: npm run admin:create -- --email EMAIL [--given-name NAME --family-name NAME] [--no-password] [--reset-two-step]
  --email EMAIL        the administrator's sign-in address (an existing account is made an administrator)
  --given-name NAME    first name, for a new account
  --family-name NAME   last name, for a new account
  --no-password        keep an existing account's password (a new account always needs one)
  --reset-two-step     remove the account's authenticator app and recovery codes: a new one is asked for
                       at the next staff page (for an administrator who lost theirs)
The password comes from ADMIN_PASSWORD, or standard input: typed unseen at a terminal, or piped.`;

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    "given-name": { type: "string" },
    "family-name": { type: "string" },
    "no-password": { type: "boolean", default: false },
    "reset-two-step": { type: "boolean", default: false },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help || !values.email) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}

/** ADMIN_PASSWORD, else standard input: one line, unseen at a terminal. */
async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) {
    let piped = "";
    for await (const chunk of process.stdin) piped += String(chunk);
    return piped.replace(/\r?\n$/, "");
  }
  process.stdout.write("Password: ");
  spawnSync("stty", ["-echo"], { stdio: "inherit" });
  const lines = createInterface({ input: process.stdin, terminal: false });
  try {
    for await (const line of lines) return line;
    return "";
  } finally {
    lines.close();
    spawnSync("stty", ["echo"], { stdio: "inherit" });
    process.stdout.write("\n");
  }
}

loadDotEnv();
process.env.SEED_DEMO_DATA = "false";
const password = values["no-password"] ? null : await readPassword();
const { database: openDatabase, closeDatabase } = await import("../lib/db.ts");
const { ensureBuiltIns } = await import("../lib/system/ensure-built-ins.ts");
const { AdministratorInputError, createAdministrator } = await import("../lib/users/create-administrator.ts");

const database = await openDatabase();
try {
  // The roles exist even before the server's first start.
  await ensureBuiltIns(database);
  const result = await createAdministrator(database, {
    email: values.email,
    given_name: values["given-name"],
    family_name: values["family-name"],
    password,
    reset_two_step: values["reset-two-step"],
  });
  console.log(`${result.created ? "Created" : "Updated"} ${values.email.trim().toLowerCase()}: roles ${result.roles.join(", ")}.`);
  console.log("Sign in at /sign-in; the church office asks for two-step sign-in before its first page. Recorded in the audit log.");
} catch (error) {
  if (!(error instanceof AdministratorInputError)) throw error;
  console.error(`Not done: ${error.message}`);
  process.exitCode = 2;
} finally {
  await closeDatabase();
}
