import type { Metadata } from "next";
import Link from "next/link";
import { AUTHORIZE_PAGE_ERRORS, authorizePageErrorCode } from "@/lib/oauth/authorize/authorize-errors";

export const metadata: Metadata = { title: "Sign-in problem", robots: { index: false } };

const GENERIC = "Something went wrong on our side. Go back to the app and try again in a moment.";

// The authorization server's error page: shown instead of redirecting when the app or its return address
// cannot be trusted (RFC 6749 4.1.2.1), so nothing is sent to an address an attacker chose.
export default async function OAuthErrorPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const code = authorizePageErrorCode((await searchParams).error);
  const message = code ? AUTHORIZE_PAGE_ERRORS[code] : GENERIC;
  return (
    <section className="page-narrow" aria-labelledby="oauth-error-title">
      <h1 id="oauth-error-title">We can’t continue this sign-in</h1>
      <p role="alert">{message}</p>
      {code ? (
        <p className="muted">
          Error code: <code>{code}</code>
        </p>
      ) : null}
      <p>
        <Link href="/">Go to the member portal</Link>
      </p>
    </section>
  );
}
