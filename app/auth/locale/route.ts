import { chooseLocaleBodySchema } from "@/lib/accounts/schemas";
import { formRoute } from "@/lib/http/forms";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { chooseLocale } from "@/lib/i18n/choose-locale";
import { isUuid } from "@/lib/identity/ids";
import { readPortalToken } from "@/lib/portal-auth/session-cookie";
import { getSessionByToken } from "@/lib/sessions/get-session";
import { sessionCookieName } from "@/lib/sessions/session-cookie";
import { safeRelativePath } from "@/lib/sign-in/return-to";

// POST /auth/locale - the language switcher at the foot of every page (issue 41): remembers the language in
// this browser and, for a signed-in member, as theirs; then back to the page it was chosen on
export const POST = formRoute({
  formPath: "/",
  schema: chooseLocaleBodySchema,
  keep: [],
  async handle(input, { request, cookie, database }) {
    const portal = await readPortalToken(request.cookies.getAll());
    const session = await getSessionByToken(database, cookie(sessionCookieName()));
    const members = [...new Set([portal?.sub, session?.userId].filter((id): id is string => typeof id === "string" && isUuid(id)))];
    const chosen = await chooseLocale(database, input.locale, members);
    return { redirectTo: safeRelativePath(input.back_to) ?? "/", cookies: [chosen] };
  },
});

// GET, PUT, PATCH, DELETE /auth/locale - GET goes to the home page, anything else 405 in the forms' JSON error shape
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed("/");
