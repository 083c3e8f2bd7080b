import "server-only";
import { cache } from "react";
import { connection } from "next/server";
import { readChurch, type Church } from "../church-settings/church.ts";
import { database } from "../db.ts";
import { describeError, logLine } from "../log/json-log.ts";
import { isChurchSetUp } from "../setup/setup-state.ts";

/**
 * The church as this request's page or route shows it: the process's database, read through the settings' cache,
 * once per render (React's cache: the metadata, the layout and the page share one read).
 */
export const currentChurch = cache(async (): Promise<Church> => {
  // The church's settings are the running server's, never the build's: a page that shows them renders per request.
  await connection();
  return readChurch(await database());
});

/** Whether the church has an administrator (lib/setup/setup-state.ts); during a database outage it is taken as set up, so pages say what they say then. */
export async function churchIsSetUp(): Promise<boolean> {
  await connection();
  try {
    return await isChurchSetUp(await database());
  } catch (error) {
    logLine("warn", "setup state not read", describeError(error));
    return true;
  }
}
