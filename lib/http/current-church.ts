import "server-only";
import { readChurch, type Church } from "../church-settings/church.ts";
import { database } from "../db.ts";
import { describeError, logLine } from "../log/json-log.ts";
import { isChurchSetUp } from "../setup/setup-state.ts";

/** The church as this request's page or route shows it: the process's database, read through the settings' cache. */
export async function currentChurch(): Promise<Church> {
  return readChurch(await database());
}

/** Whether the church has an administrator (lib/setup/setup-state.ts); during a database outage it is taken as set up, so pages say what they say then. */
export async function churchIsSetUp(): Promise<boolean> {
  try {
    return await isChurchSetUp(await database());
  } catch (error) {
    logLine("warn", "setup state not read", describeError(error));
    return true;
  }
}
