import { eventHoursSides } from "./kiosk-clock";

/** An event's hours on the kiosk, each side kept whole and the line free to break between them (kiosk-clock.ts). */
export function EventHours({ locale, event }: { locale: string; event: { start_at: string; end_at: string; timezone: string } }) {
  const { start, joiner, end } = eventHoursSides(locale, event);
  return (
    <>
      <span className="kiosk__nowrap">{start}</span>
      {joiner}
      {end ? <span className="kiosk__nowrap">{end}</span> : null}
    </>
  );
}
