import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import { database } from "../db.ts";
import { getSessionByToken, type LiveSession } from "../sessions/get-session.ts";
import { sessionCookieName } from "../sessions/session-cookie.ts";

/** The live sign-in session of the browser viewing the page, or null: read once per render (the page and its language share it). */
export const currentSession = cache(async (): Promise<LiveSession | null> => {
  return getSessionByToken(await database(), (await cookies()).get(sessionCookieName())?.value);
});
