import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <div className="page page--narrow not-found">
      <p className="eyebrow">Error 404</p>
      <h1>We can’t find that page</h1>
      <p className="lede">The address may be mistyped, or the page may have moved.</p>
      <ul role="list" className="link-list">
        <li>
          <Link href="/">Go to the home page</Link>
        </li>
        <li>
          <Link href="/calendar">See upcoming events</Link>
        </li>
      </ul>
    </div>
  );
}
