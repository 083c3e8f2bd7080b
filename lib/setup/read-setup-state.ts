import "server-only";
import { readChurch } from "../church-settings/church.ts";
import { describeMailServer } from "../church-settings/mail-server.ts";
import type { Database } from "../db/database.ts";
import type { SetupState } from "./schemas.ts";

/** What the wizard opens with: whether the church can send email, through which server, and the church so far. */
export async function readSetupState(database: Database): Promise<SetupState> {
  const church = await readChurch(database);
  const mailServer = await describeMailServer(database);
  // The built-in example name is not offered as the church's own: only a name saved or set by the operator.
  return {
    email_sending: mailServer !== null,
    mail_server: mailServer,
    church: { name: church.named ? church.name : "", country: church.country, time_zone: church.timeZone },
  };
}
