import type { MemberSession } from "@/lib/sessions/schemas";

const SIGNED_IN = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** A browser by its name; a kiosk or display signed in with a code by the app it runs. */
export function sessionName(session: Pick<MemberSession, "app" | "browser" | "device">): string {
  return session.app ? `${session.app.name} on ${session.device}` : `${session.browser} on ${session.device}`;
}

/**
 * Each session's name as the member reads it, told apart from the others: where two or more share a name
 * ("Chrome on Linux" three times, from the church's own computers), each says when it was signed in, in
 * the browser's time zone. Its sign-out button says the same, so no two buttons read alike.
 */
export function distinctSessionNames(sessions: readonly MemberSession[], format: (date: Date) => string = (date) => SIGNED_IN.format(date)): Map<string, string> {
  const count = new Map<string, number>();
  for (const session of sessions) count.set(sessionName(session), (count.get(sessionName(session)) ?? 0) + 1);
  return new Map(
    sessions.map((session) => {
      const name = sessionName(session);
      return [session.id, count.get(name)! > 1 ? `${name}, signed in ${format(new Date(session.created_at))}` : name];
    }),
  );
}
