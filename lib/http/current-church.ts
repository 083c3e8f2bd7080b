import "server-only";
import { readChurch, type Church } from "../church-settings/church.ts";
import { database } from "../db.ts";

/** The church as this request's page or route shows it: the process's database, read through the settings' cache. */
export async function currentChurch(): Promise<Church> {
  return readChurch(await database());
}
