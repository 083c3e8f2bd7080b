import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("NotFound");
  return { title: t("title") };
}

export default async function NotFound() {
  const t = await getTranslations("NotFound");
  return (
    <div className="page page--narrow not-found">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1>{t("heading")}</h1>
      <p className="lede">{t("lede")}</p>
      <ul role="list" className="link-list">
        <li>
          <Link href="/">{t("home")}</Link>
        </li>
        <li>
          <Link href="/calendar">{t("events")}</Link>
        </li>
      </ul>
    </div>
  );
}
