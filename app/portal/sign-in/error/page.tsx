import type { Metadata } from "next";
import { portalSignInHref } from "@/lib/portal-auth/paths";

export const metadata: Metadata = {
  title: "Signing in did not finish",
  robots: { index: false, follow: false },
};

/** next-auth's error codes for a sign-in that failed, in words for the member (its `pages.error`). */
const MESSAGES: Record<string, string> = {
  OAuthSignin: "We could not start signing you in. Please try again in a moment.",
  OAuthCallback: "Signing in was cancelled or took too long, so it did not finish.",
  Callback: "Signing in was cancelled or took too long, so it did not finish.",
  AccessDenied: "Signing in was cancelled.",
  Configuration: "Signing in is not available right now. Please try again later.",
};
const DEFAULT_MESSAGE = "Something went wrong while signing you in.";

export default async function SignInErrorPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { error } = await searchParams;
  const message = (typeof error === "string" && Object.hasOwn(MESSAGES, error) ? MESSAGES[error] : undefined) ?? DEFAULT_MESSAGE;
  return (
    <div className="page page--narrow">
      <h1>Signing in did not finish</h1>
      <div className="notice notice--warning" role="status">
        <p>{message}</p>
      </div>
      <p>
        {/* A plain link: prefetching the sign-in route would start a sign-in. */}
        <a href={portalSignInHref()} className="button button--primary">
          Try again
        </a>
      </p>
    </div>
  );
}
