/**
 * A User-Agent in words a member recognises ("Chrome on Android", "Safari on iPhone"), for the sessions
 * list. Deliberately small: the big parsers are AGPL or heavy, and the list needs a hint, not a census.
 */
export interface DeviceDescription {
  browser: string;
  device: string;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const DEVICES: [RegExp, string][] = [
  [/iPad/, "iPad"],
  [/iPhone|iPod/, "iPhone"],
  [/Android.*Mobile/, "Android phone"],
  [/Android/, "Android tablet"],
  [/Windows/, "Windows computer"],
  [/Macintosh|Mac OS X/, "Mac"],
  [/CrOS/, "Chromebook"],
  [/Linux/, "Linux computer"],
];

export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { browser: "Unknown browser", device: "Unknown device" };
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? (/^[\w.-]+\/[\d.]+/.test(userAgent) ? userAgent.split("/")[0]!.slice(0, 40) : "Unknown browser");
  const device = DEVICES.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "Unknown device";
  return { browser, device };
}
