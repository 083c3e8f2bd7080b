import "server-only";
import { getLocale } from "next-intl/server";
import type { AuthFormError } from "./auth-form";
import { errorFromQuery, newPasswordMessage, type SearchParams } from "./page-errors";

/** errorFromQuery in the language of the page being rendered (issue 41). */
export async function pageError(searchParams: SearchParams, fieldMessages: Partial<Record<string, string>> = {}): Promise<AuthFormError | null> {
  return errorFromQuery(searchParams, fieldMessages, await getLocale());
}

/** newPasswordMessage in the language of the page being rendered. */
export async function pageNewPasswordMessage(searchParams: SearchParams): Promise<string> {
  return newPasswordMessage(searchParams, await getLocale());
}
