import { useTranslations } from "next-intl";
import type { OnlineLink } from "./event-location";

/**
 * The link into an online event ("Join online at live.example.org"): its host in words, so people see where
 * it goes; opened in a new tab without handing the event page to it (rel="noopener noreferrer"). The address
 * is http(s) only (`onlineLink`), never javascript: or data:. Words: "Calendar.joinOnline".
 */
export function JoinOnlineLink({ link, className }: { link: OnlineLink; className?: string }) {
  const t = useTranslations("Calendar.joinOnline");
  return (
    <a href={link.href} target="_blank" rel="noopener noreferrer" className={className}>
      {t.rich("link", { action: link.action === "Watch the stream" ? "stream" : "join", host: link.host, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> })}
    </a>
  );
}
