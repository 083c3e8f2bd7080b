import type { MemberSession } from "@/lib/sessions/schemas";

/**
 * Sessions' names in the page's language (issue 41): `t` translates the AccountSecurity.sessions messages.
 * The browser and device come from the API as it words them ("Chrome", "Linux computer").
 */
// i18n-namespace: AccountSecurity.sessions
export type SessionNameTranslator = (key: "browserOn" | "appOn" | "nameSignedIn", values: Record<string, string>) => string;

/** A browser by its name; a kiosk or display signed in with a code by the app it runs. */
export function sessionName(t: SessionNameTranslator, session: Pick<MemberSession, "app" | "browser" | "device">): string {
  return session.app ? t("appOn", { app: session.app.name, device: session.device }) : t("browserOn", { browser: session.browser, device: session.device });
}

/**
 * Each session's name as the member reads it, told apart from the others: where two or more share a name
 * ("Chrome on Linux" three times, from the church's own computers), each says when it was signed in, in
 * the browser's time zone (`format`: the page's language). Its sign-out button says the same, so no two
 * buttons read alike.
 */
export function distinctSessionNames(t: SessionNameTranslator, sessions: readonly MemberSession[], format: (date: Date) => string): Map<string, string> {
  const count = new Map<string, number>();
  for (const session of sessions) count.set(sessionName(t, session), (count.get(sessionName(t, session)) ?? 0) + 1);
  return new Map(
    sessions.map((session) => {
      const name = sessionName(t, session);
      return [session.id, count.get(name)! > 1 ? t("nameSignedIn", { name, when: format(new Date(session.created_at)) }) : name];
    }),
  );
}
