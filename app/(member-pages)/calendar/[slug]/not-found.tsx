import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Calendar.notFound");
  return { title: t("title") };
}

/** Rendered (with HTTP 404) when the slug matches no public event: unknown, draft or not public. */
export default async function EventNotFound() {
  const t = await getTranslations("Calendar.notFound");
  return (
    <div className="page page--narrow not-found">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1>{t("title")}</h1>
      <p className="lede">{t("lede")}</p>
      <p>
        <Link href="/calendar" className="button button--primary">
          {t("seeUpcoming")}
        </Link>
      </p>
    </div>
  );
}
