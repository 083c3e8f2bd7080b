import type { CalendarEvent } from "@/lib/calendar/schemas";

/**
 * Where an event is, as its page offers it. An online event is one whose location names a web address (the
 * office types the stream's or the meeting's address as the location's address, as the demo's online
 * venues do) or, without coordinates, says it is online: it gets a real link to join and never a map. A map
 * is offered only for a place: coordinates, or an address that is not a link of any kind.
 */

type EventLocation = NonNullable<CalendarEvent["location"]>;

export interface OnlineLink {
  href: string;
  /** The address's host without "www.", shown beside the link so people see where it goes. */
  host: string;
  /** "Watch the stream" for a stream, "Join online" for a meeting or anything else (JoinOnlineLink says it in the page's language). */
  action: "Join online" | "Watch the stream";
}

/** Any scheme ("https:", "javascript:", "data:") at the start of a text without spaces (or "//host"): a link, not a street address. */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const SAYS_ONLINE = /\b(online|livestream(ed)?|live stream(ed)?|streamed|virtual|zoom|video call)\b/i;
const STREAM_HOSTS = /(^|\.)(youtube\.com|youtu\.be|vimeo\.com|twitch\.tv|livestream\.com|boxcast\.tv|churchstreaming\.tv|restream\.io)$/;
const SAYS_STREAM = /\b(stream|streamed|livestream|live stream|broadcast|watch)\b/i;

/**
 * The text as an http(s) address, or null. "www.example.org/live" counts as https; anything with another
 * scheme (javascript:, data:, mailto:) or with spaces in it does not.
 */
export function webAddress(text: string): URL | null {
  const trimmed = text.trim();
  if (trimmed === "" || /\s/.test(trimmed)) return null;
  const withScheme = /^www\./i.test(trimmed) ? `https://${trimmed}` : trimmed;
  if (!/^https?:\/\//i.test(withScheme)) return null;
  try {
    const url = new URL(withScheme);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "" ? url : null;
  } catch {
    return null;
  }
}

/** Whether the text is written as a link of some scheme (a web address or not): never a place on a map. */
function looksLikeLink(text: string): boolean {
  const trimmed = text.trim();
  return webAddress(trimmed) !== null || ((SCHEME.test(trimmed) || trimmed.startsWith("//")) && !/\s/.test(trimmed));
}

/** The link to join an online event: the first web address of its address or its name; null for a place. */
export function onlineLink(location: EventLocation): OnlineLink | null {
  const url = webAddress(location.address) ?? webAddress(location.name);
  if (!url) return null;
  const host = url.hostname.replace(/^www\./i, "");
  const stream = STREAM_HOSTS.test(host) || SAYS_STREAM.test(`${location.name} ${url.pathname.replace(/[-_/]+/g, " ")}`);
  return { href: url.href, host, action: stream ? "Watch the stream" : "Join online" };
}

/** Online: a web address in the location, or no coordinates and words that say so ("Grace Harbor Online"). */
export function isOnline(location: EventLocation): boolean {
  if (onlineLink(location)) return true;
  if (location.coordinates) return false;
  return looksLikeLink(location.address) || looksLikeLink(location.name) || SAYS_ONLINE.test(`${location.name} ${location.address}`);
}

/** The location's name as a person reads it: `online` (the page's word, "Online") where the office typed a bare address as the name. */
export function locationName(location: EventLocation, online = "Online"): string {
  return looksLikeLink(location.name) ? online : location.name;
}

/** The address line under the name, or null where it is the web address the join link already is. */
export function addressLine(location: EventLocation): string | null {
  return webAddress(location.address) !== null || location.address.trim() === "" ? null : location.address;
}

/** An address that names no place yet: a map search for it finds nothing useful. */
const NO_PLACE_YET = /\b(to be announced|tba|tbc|to be confirmed|shared with)\b/i;

/** OpenStreetMap at the coordinates, or a search for the address; null for an online event or an address still to come. */
export function mapHref(location: EventLocation): string | null {
  if (isOnline(location)) return null;
  if (!location.coordinates && (location.address.trim() === "" || NO_PLACE_YET.test(location.address))) return null;
  if (location.coordinates) {
    const { latitude, longitude } = location.coordinates;
    return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
  }
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(location.address)}`;
}

/** An external link the page may render (`registrationUrl`): http(s) only, as written, else null. */
export function safeExternalHref(value: string | undefined): string | null {
  const url = value === undefined ? null : webAddress(value);
  if (!url || value === undefined) return null;
  return /^https?:\/\//i.test(value.trim()) ? value.trim() : url.href;
}
