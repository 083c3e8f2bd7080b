import type { OnlineLink } from "./event-location";

/**
 * The link into an online event ("Join online at live.example.org"): its host in words, so people see where
 * it goes; opened in a new tab without handing the event page to it (rel="noopener noreferrer"). The address
 * is http(s) only (`onlineLink`), never javascript: or data:.
 */
export function JoinOnlineLink({ link, className }: { link: OnlineLink; className?: string }) {
  return (
    <a href={link.href} target="_blank" rel="noopener noreferrer" className={className}>
      {`${link.action} at ${link.host}`}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
