import Link from "next/link";
import { currentChurch } from "@/lib/http/current-church";

export default async function HomePage() {
  const church = await currentChurch();
  return (
    <div className="page page--home">
      <section className="hero" aria-labelledby="home-title">
        <p className="eyebrow">Member portal</p>
        <h1 id="home-title">Welcome to {church.name}</h1>
        <p className="lede">
          Find out what is happening across our campuses: Sunday services, courses, life groups, camps and special gatherings. Every
          time is shown in the local time of the place it happens.
        </p>
        <p>
          <Link href="/calendar" className="button button--primary button--large">
            Browse the calendar
          </Link>
        </p>
      </section>

      <section className="quick-links" aria-labelledby="quick-links-title">
        <h2 id="quick-links-title">Jump to</h2>
        <ul role="list" className="quick-links__list">
          <li>
            <Link href="/calendar?type=SERVICE" className="quick-link">
              <span className="quick-link__title">Services</span>
              <span className="quick-link__text">Worship times at every campus</span>
            </Link>
          </li>
          <li>
            <Link href="/calendar?type=COURSE" className="quick-link">
              <span className="quick-link__title">Courses</span>
              <span className="quick-link__text">Classes to grow in faith and life</span>
            </Link>
          </li>
          <li>
            <Link href="/calendar?type=LIFE_GROUP" className="quick-link">
              <span className="quick-link__title">Life groups</span>
              <span className="quick-link__text">Meet people midweek, close to home</span>
            </Link>
          </li>
          <li>
            <Link href="/calendar?audience=newcomers" className="quick-link">
              <span className="quick-link__title">New here?</span>
              <span className="quick-link__text">Events for newcomers and visitors</span>
            </Link>
          </li>
        </ul>
      </section>

      <section className="callout" aria-labelledby="subscribe-title">
        <h2 id="subscribe-title">Keep the calendar with you</h2>
        <p>
          Subscribe in Apple Calendar, Google Calendar or Outlook and new events appear by themselves. On the calendar page, the
          subscription follows the filters you choose.
        </p>
        <p>
          <a href="/api/calendar/events/upcoming.ics">Subscribe to all upcoming events (iCal)</a>
        </p>
      </section>
    </div>
  );
}
