import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PAGES } from "@/lib/accounts/page-paths";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("SignedOut");
  return { title: t("title") };
}

export default async function SignedOutPage() {
  const t = await getTranslations("SignedOut");
  return (
    <div className="auth-card">
      <h1>{t("heading")}</h1>
      <p className="auth-card__lede">{t("lede")}</p>
      <ul className="auth-links" role="list">
        <li>
          <a href={PAGES.signIn}>{t("signInAgain")}</a>
        </li>
        <li>
          <Link href="/">{t("home")}</Link>
        </li>
      </ul>
    </div>
  );
}
