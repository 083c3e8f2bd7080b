import "server-only";
import { cookies } from "next/headers";
import { database } from "@/lib/db";
import { getSessionByToken, type LiveSession } from "@/lib/sessions/get-session";
import { sessionCookieName } from "@/lib/sessions/session-cookie";

/** The live session of the browser viewing the page, or null. */
export async function currentSession(): Promise<LiveSession | null> {
  return getSessionByToken(await database(), (await cookies()).get(sessionCookieName())?.value);
}
