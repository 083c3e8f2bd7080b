import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { cache, type ReactNode } from "react";
import { ARTWORK_HEIGHT, ARTWORK_WIDTH } from "@/components/calendar/event-card";
import { AddToCalendar } from "@/components/calendar/add-to-calendar";
import { EventBadges } from "@/components/calendar/event-badges";
import { EventDateFull, EventDateShort } from "@/components/calendar/event-date";
import { addressLine, locationName, mapHref, onlineLink, safeExternalHref } from "@/components/calendar/event-location";
import { EventSignUp } from "@/components/calendar/event-sign-up";
import { JoinOnlineLink } from "@/components/calendar/join-online-link";
import { SignUpLead } from "@/components/calendar/sign-up-lead";
import { canSignUp, signUpHeadline, signUpSummary, type SignUpWords } from "@/components/calendar/sign-up-summary";
import { attendanceModeLabel, audienceLabel, statusNote } from "@/components/calendar/labels";
import { ClientMessages } from "@/components/i18n/client-messages";
import { CalendarError } from "@/lib/calendar/errors";
import { getEventOrThrow } from "@/lib/calendar/get-event-or-throw";
import { listSeriesEvents } from "@/lib/calendar/list-series-events";
import { descriptionExcerpt, sanitizeDescription } from "@/lib/calendar/sanitize-description";
import type { CalendarEvent } from "@/lib/calendar/schemas";
import { database } from "@/lib/db";
import { env } from "@/lib/env";
import { CALENDAR_PAGE_PATH, filterSearchParams, withQuery } from "@/lib/query/calendar";
import { describeError, logLine } from "@/lib/log/json-log";
import { getPortalViewer } from "@/lib/portal-auth/get-portal-session";
import { portalSignInHref } from "@/lib/portal-auth/paths";
import { getRegistrationSummary } from "@/lib/registrations/get-registration-summary";
import descriptionStyles from "@/components/calendar/event-description.module.css";
import styles from "./event-page.module.css";

export const dynamic = "force-dynamic";

type Params = Promise<{ slug: string }>;

/** The event, once per request (the page and its metadata share it); null when there is no such public event. */
const loadEvent = cache(async (slug: string) => {
  try {
    return await getEventOrThrow(await database(), slug);
  } catch (error) {
    if (error instanceof CalendarError && error.statusCode === 404) return null;
    throw error;
  }
});

/** Other upcoming dates of the event's series; the page still renders without them. */
async function loadSeries(event: CalendarEvent) {
  if (!event.seriesId) return null;
  try {
    return await listSeriesEvents(await database(), event.seriesId, { excludeEventId: event.eventId, limit: 6 });
  } catch (error) {
    logLine("error", "event page: could not read the series", describeError(error));
    return null;
  }
}

/** The event's sign-up on this site (docs/decisions/0024); the page still renders without it. */
async function loadSignUp(eventId: string) {
  try {
    return await getRegistrationSummary(await database(), eventId);
  } catch (error) {
    logLine("error", "event page: could not read the sign-up", describeError(error));
    return null;
  }
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { slug } = await params;
  const detail = await loadEvent(slug);
  // The page itself answers 404 with the not-found page; its title comes from there.
  if (!detail) return {};
  const { event } = detail;
  const description = descriptionExcerpt(event.description);
  const t = await getTranslations("Calendar.event");
  const labels = await getTranslations("Calendar.labels");
  const status = statusNote(labels, event.status);
  return {
    title: status ? t("titleWithStatus", { status: status.badge, title: event.title }) : event.title,
    description,
    openGraph: {
      title: event.title,
      description,
      type: "website",
      ...(event.imageUrl && { images: [{ url: event.imageUrl, width: ARTWORK_WIDTH, height: ARTWORK_HEIGHT }] }),
    },
  };
}

export default async function EventPage({ params }: { params: Params }) {
  const { slug } = await params;
  const detail = await loadEvent(slug);
  if (!detail) notFound();
  const { event, ministry, campus } = detail;
  const [series, signUp, viewer] = await Promise.all([loadSeries(event), loadSignUp(event.eventId), getPortalViewer()]);
  const signedIn = viewer !== null && !viewer.mustSignInAgain;
  const t = await getTranslations("Calendar.event");
  const labels = await getTranslations("Calendar.labels");
  const signUpWords: SignUpWords = { t: await getTranslations("Calendar.signUp"), counts: await getTranslations("Calendar.counts"), locale: await getLocale() };
  const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;

  const status = statusNote(labels, event.status);
  const cancelled = event.status === "CANCELLED";
  const descriptionHtml = sanitizeDescription(event.description);
  const modes = event.attendanceModes.filter((mode) => mode !== "NONE");
  const checkIn = modes.length > 0 ? modes.map((mode) => attendanceModeLabel(labels, mode)) : event.attendanceModes.includes("NONE") ? [attendanceModeLabel(labels, "NONE")] : [];
  // An online event's link to join, and a map only for a place (never for an online event).
  const online = event.location && !cancelled ? onlineLink(event.location) : null;
  const map = event.location ? mapHref(event.location) : null;
  const address = event.location ? addressLine(event.location) : null;
  const registrationHref = cancelled ? null : safeExternalHref(event.registrationUrl);
  const registrationHost = registrationHref ? new URL(registrationHref).hostname.replace(/^www\./, "") : null;
  const signUpHere = signUp !== null && !cancelled ? signUp : null;

  return (
    // The sign-up's parts that run in the browser read these.
    <ClientMessages namespaces={["Calendar.signUp", "Calendar.counts"]}>
      <article className={cancelled ? styles.cancelled : undefined}>
        <nav aria-label={t("breadcrumb")} className={styles.breadcrumb}>
          <ol role="list">
            <li>
              <Link href={CALENDAR_PAGE_PATH}>{t("calendar")}</Link>
            </li>
            <li>
              <span aria-current="page">{event.title}</span>
            </li>
          </ol>
        </nav>

        <header className={event.imageUrl ? styles.hero : `${styles.hero} ${styles.heroPlain}`}>
          <div className={styles.heroText}>
            <h1>
              {status && <span className="visually-hidden">{status.badge}: </span>}
              <span className={styles.titleText}>{event.title}</span>
            </h1>
            <EventBadges event={event} />
            <p className={styles.meta}>
              <span className={styles.when}>
                <EventDateShort event={event} />
              </span>
              {event.location && <span>{locationName(event.location, t("online"))}</span>}
            </p>
            {status && (
              <div className={`${styles.banner} ${cancelled ? styles.bannerCancelled : styles.bannerPostponed}`}>
                <p>
                  <strong>{status.badge}.</strong> {status.note}
                </p>
              </div>
            )}
            {/* What a member came to do, under the title and date, before any long description (on a phone too). */}
            {(signUpHere || online || registrationHref) && (
              <div className={styles.lead}>
                {signUpHere &&
                  (signedIn ? (
                    <SignUpLead eventId={event.eventId} timeZone={event.timezone} initial={signUpHere} className={styles.leadText} actionsClassName={styles.leadActions} />
                  ) : (
                    <>
                      <p className={styles.leadText}>{signUpHeadline(signUpWords, signUpHere, event.timezone)}</p>
                      {canSignUp(signUpHere) && (
                        <p className={styles.leadActions}>
                          <a href={portalSignInHref(event.url)} className="button button--primary">
                            {t("signInToSignUp")}
                          </a>
                        </p>
                      )}
                    </>
                  ))}
                {(online || registrationHref) && (
                  <p className={styles.leadActions}>
                    {online && <JoinOnlineLink link={online} className={signUpHere ? "button" : "button button--primary"} />}
                    {registrationHref && (
                      <a href={registrationHref} rel="noopener noreferrer" className={signUpHere || online ? "button" : "button button--primary"}>
                        {t("register")}
                      </a>
                    )}
                  </p>
                )}
                {registrationHref && <p className={`muted ${styles.leadNote}`}>{t("registrationElsewhere", { host: String(registrationHost) })}</p>}
              </div>
            )}
          </div>
          {/* Artwork when there is some (its size reserved: no layout shift); no stand-in box when there is none. */}
          {event.imageUrl && (
            <div className={styles.media}>
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img src={event.imageUrl} alt="" width={ARTWORK_WIDTH} height={ARTWORK_HEIGHT} fetchPriority="high" decoding="async" />
            </div>
          )}
        </header>

        <div className={styles.layout}>
          <div>
            <section aria-labelledby="about-title" className={styles.section}>
              <h2 id="about-title">{t("about")}</h2>
              <div className={descriptionStyles.prose} dangerouslySetInnerHTML={{ __html: descriptionHtml }} />
              {event.tags.length > 0 && (
                <>
                  <h3 className="visually-hidden">{t("tags")}</h3>
                  <ul role="list" className={styles.tags}>
                    {event.tags.map((tag) => (
                      <li key={tag} className={styles.tag}>
                        {tag}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </section>

            {series && series.events.length > 0 && (
              <section aria-labelledby="series-title" className={styles.section}>
                <h2 id="series-title">{t("moreDates")}</h2>
                <p className="muted">{series.title}</p>
                <ul role="list" className={styles.series}>
                  {series.events.map((other) => {
                    const otherStatus = statusNote(labels, other.status);
                    return (
                      <li key={other.eventId} className={styles.seriesItem}>
                        <Link href={other.url} className={other.status === "CANCELLED" ? `${styles.seriesLink} ${styles.seriesCancelled}` : styles.seriesLink}>
                          <EventDateShort event={other} />
                        </Link>
                        {other.title !== event.title && <span className={styles.seriesTitle}>{other.title}</span>}
                        {otherStatus && <span className={`badge badge--${other.status.toLowerCase()}`}>{otherStatus.badge}</span>}
                      </li>
                    );
                  })}
                </ul>
              </section>
            )}
          </div>

          <div className={styles.facts} role="group" aria-labelledby="facts-title">
            <h2 id="facts-title" className="visually-hidden">
              {t("details")}
            </h2>

            <section className={styles.fact} aria-labelledby="when-title">
              <h3 id="when-title" className={styles.factTitle}>
                {t("when")}
              </h3>
              <EventDateFull event={event} />
              {!cancelled && (
                <>
                  <p className={styles.addTitle}>{t("addToYourCalendar")}</p>
                  <AddToCalendar event={event} origin={new URL(env().BASE_URL).origin} />
                </>
              )}
            </section>

            {event.location && (
              <section className={styles.fact} aria-labelledby="where-title">
                <h3 id="where-title" className={styles.factTitle}>
                  {t("where")}
                </h3>
                <p>
                  <strong>{locationName(event.location, t("online"))}</strong>
                  {address && (
                    <>
                      <br />
                      {address}
                    </>
                  )}
                </p>
                {online ? (
                  <p>
                    <JoinOnlineLink link={online} className={styles.factAction} />
                  </p>
                ) : (
                  map && (
                    <p>
                      <a href={map} className={styles.factAction}>
                        {t("viewOnMap")}
                      </a>
                    </p>
                  )
                )}
              </section>
            )}

            {signUpHere && (
              <section id="sign-up" tabIndex={-1} className={`${styles.fact} ${styles.register}`} aria-labelledby="sign-up-title">
                <h3 id="sign-up-title" className={styles.factTitle}>
                  {t("signUp")}
                </h3>
                {signedIn ? (
                  <EventSignUp eventId={event.eventId} timeZone={event.timezone} />
                ) : (
                  <>
                    <p>{signUpSummary(signUpWords, signUpHere, event.timezone)}</p>
                    {canSignUp(signUpHere) && (
                      <a href={portalSignInHref(event.url)} className="button button--primary button--block">
                        {t("signInToSignUp")}
                      </a>
                    )}
                  </>
                )}
              </section>
            )}

            <dl className={styles.factList}>
              {event.capacity !== undefined && (
                <div>
                  <dt>{t("capacity")}</dt>
                  <dd>{t("capacityPlaces", { capacity: event.capacity })}</dd>
                </div>
              )}
              {checkIn.length > 0 && (
                <div>
                  <dt>{t("checkIn")}</dt>
                  <dd>{checkIn.join(", ")}</dd>
                </div>
              )}
              {event.organizer && (
                <div>
                  <dt>{t("organizer")}</dt>
                  <dd>{event.organizer}</dd>
                </div>
              )}
              {event.audience.length > 0 && (
                <div>
                  <dt>{t("for")}</dt>
                  <dd>{event.audience.map(audienceLabel).join(", ")}</dd>
                </div>
              )}
              {ministry && (
                <div>
                  <dt>{t("ministry")}</dt>
                  <dd>
                    <Link href={withQuery(CALENDAR_PAGE_PATH, filterSearchParams({ ministryId: ministry.ministryId }))}>{t.rich("ministryLink", { name: ministry.name, hidden })}</Link>
                  </dd>
                </div>
              )}
              {campus && (
                <div>
                  <dt>{t("campus")}</dt>
                  <dd>
                    <Link href={withQuery(CALENDAR_PAGE_PATH, filterSearchParams({ campusId: campus.campusId }))}>{t.rich("campusLink", { name: campus.name, hidden })}</Link>
                  </dd>
                </div>
              )}
            </dl>
          </div>
        </div>

        <p className={styles.back}>
          <Link href={CALENDAR_PAGE_PATH}>
            <span aria-hidden="true">← </span>
            {t("allUpcoming")}
          </Link>
        </p>
      </article>
    </ClientMessages>
  );
}
