import type { Metadata } from "next";
import Link from "next/link";
import { PAGES } from "@/lib/accounts/page-paths";

export const metadata: Metadata = { title: "Signed out" };

export default function SignedOutPage() {
  return (
    <div className="auth-card">
      <h1>You’re signed out</h1>
      <p className="auth-card__lede">Thanks for stopping by. On a shared computer, close the browser too.</p>
      <ul className="auth-links" role="list">
        <li>
          <a href={PAGES.signIn}>Sign in again</a>
        </li>
        <li>
          <Link href="/">Go to the home page</Link>
        </li>
      </ul>
    </div>
  );
}
