"use client";

import { usePathname } from "next/navigation";
import { portalSignInHref } from "@/lib/portal-auth/paths";

/**
 * The pages of a sign-in under way (signing in, the second step, registering, a forgotten password, allowing
 * an app or a device): someone on them is already signing in, or is signed in at the church's sign-in
 * service and answering its question, so a header "Sign in" would only start over.
 */
const SIGNING_IN_PATHS = ["/sign-in", "/register", "/forgot-password", "/consent", "/device"];

export function isSigningIn(pathname: string): boolean {
  return SIGNING_IN_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** The header's "Sign in" (or "Sign in again", as `label` says), left out while a sign-in is under way. */
export function SignInLink({ className, label, describedBy }: { className: string; label: string; describedBy?: string }) {
  const pathname = usePathname();
  if (isSigningIn(pathname)) return null;
  return (
    // A plain link, not next/link: prefetching it would start a sign-in.
    <a href={portalSignInHref()} className={className} aria-describedby={describedBy}>
      {label}
    </a>
  );
}
