import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { currentChurch } from "@/lib/http/current-church";

export default async function HomePage() {
  const church = await currentChurch();
  const t = await getTranslations("Home");
  return (
    <div className="page page--home">
      <section className="hero" aria-labelledby="home-title">
        <p className="eyebrow">{t("eyebrow")}</p>
        <h1 id="home-title">{t("title", { church: church.name })}</h1>
        <p className="lede">{t("lede")}</p>
        <p>
          <Link href="/calendar" className="button button--primary button--large">
            {t("browse")}
          </Link>
        </p>
      </section>

      <section className="quick-links" aria-labelledby="quick-links-title">
        <h2 id="quick-links-title">{t("jumpTo")}</h2>
        <ul role="list" className="quick-links__list">
          <li>
            <Link href="/calendar?type=SERVICE" className="quick-link">
              <span className="quick-link__title">{t("services")}</span>
              <span className="quick-link__text">{t("servicesText")}</span>
            </Link>
          </li>
          <li>
            <Link href="/calendar?type=COURSE" className="quick-link">
              <span className="quick-link__title">{t("courses")}</span>
              <span className="quick-link__text">{t("coursesText")}</span>
            </Link>
          </li>
          <li>
            <Link href="/calendar?type=LIFE_GROUP" className="quick-link">
              <span className="quick-link__title">{t("lifeGroups")}</span>
              <span className="quick-link__text">{t("lifeGroupsText")}</span>
            </Link>
          </li>
          <li>
            <Link href="/calendar?audience=newcomers" className="quick-link">
              <span className="quick-link__title">{t("newHere")}</span>
              <span className="quick-link__text">{t("newHereText")}</span>
            </Link>
          </li>
        </ul>
      </section>

      <section className="callout" aria-labelledby="subscribe-title">
        <h2 id="subscribe-title">{t("subscribeTitle")}</h2>
        <p>{t("subscribeText")}</p>
        <p>
          <a href="/api/calendar/events/upcoming.ics">{t("subscribeLink")}</a>
        </p>
      </section>
    </div>
  );
}
