import { currentChurch } from "@/lib/http/current-church";
import { negotiateLocale } from "@/lib/i18n/negotiate-locale";
import { translatorFor } from "@/lib/i18n/translator";
import { appLocaleOf, FALLBACK_LOCALE } from "@/lib/kernel/locales";
import { pageMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { EMBED_FRAME_STYLE } from "@/lib/http/security-headers";
import { escapeHtml, readWidgetOptions, widgetElementHtml, WIDGET_SCRIPT_PATH, type WidgetAttribute } from "@/lib/embed/options";

/**
 * The calendar widget's iframe fallback (docs/decisions/0028-calendar-widget.md), for church websites that
 * cannot add a script: the same <church-calendar> element and script, with the options from the query
 * string (the attributes' own names). A route, not a page: it has no site header, reads no session and sets no
 * cookie. proxy.ts gives it its policy (EMBED_FRAME_CONTENT_SECURITY_POLICY: the one address any site may frame).
 *
 * Its language (issue 41): the `locale` the website chose, else the page's negotiated one from what a frame on
 * another site can carry (Accept-Language, then the church's default; no cookie or session: the answer stays
 * the same for everyone sending the same header, so a CDN may keep it). It is the page's `lang`, which the
 * widget speaks when it has no `locale` attribute (lib/embed/widget/locale.ts), and the title's language.
 */

// GET /embed/calendar - the calendar widget as a page to put in an iframe
export async function GET(request: Request): Promise<Response> {
  const church = await currentChurch();
  const query = new URL(request.url).searchParams;
  const options = readWidgetOptions((name: WidgetAttribute) => query.get(name));
  // Links leave the frame: an event page opens in the whole window, not inside the church's website.
  options.linkTarget ??= "_top";
  // The church's own colour unless the website chose one.
  options.colors.accent ??= church.brandColour;
  const negotiated = options.locale
    ? null
    : negotiateLocale({ saved: null, uiLocales: null, cookie: null, acceptLanguage: request.headers.get("accept-language"), churchDefault: church.defaultLocale });
  // An explicit locale's words: its language if the widget speaks it, else English, as the widget does (words.ts).
  const language = negotiated ?? appLocaleOf(options.locale) ?? FALLBACK_LOCALE;
  const t = translatorFor(language, "EmbedCalendar");
  const title = options.heading
    ? t("headingTitle", { heading: options.heading, church: church.name })
    : options.view === "month"
      ? t("monthTitle", { church: church.name })
      : t("listTitle", { church: church.name });
  const html = `<!doctype html>
<html lang="${escapeHtml(options.locale ?? negotiated ?? FALLBACK_LOCALE)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${EMBED_FRAME_STYLE}</style>
<script src="${WIDGET_SCRIPT_PATH}" async></script>
</head>
<body>
${widgetElementHtml(options)}
</body>
</html>
`;
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      // The same for everyone (no session, no cookie): a CDN may keep it a few minutes.
      "Cache-Control": "public, max-age=300",
      "X-Robots-Tag": "noindex",
      // Without a `locale` in the address, the language follows the browser's.
      ...(negotiated ? { Vary: "Accept-Language" } : {}),
    },
  });
}

export const { POST, PUT, PATCH, DELETE } = pageMethodNotAllowed();
