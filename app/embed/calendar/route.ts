import { currentChurch } from "@/lib/http/current-church";
import { pageMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { EMBED_FRAME_STYLE } from "@/lib/http/security-headers";
import { escapeHtml, readWidgetOptions, widgetElementHtml, WIDGET_SCRIPT_PATH, type WidgetAttribute } from "@/lib/embed/options";

/**
 * The calendar widget's iframe fallback (docs/decisions/0028-calendar-widget.md), for church websites that
 * cannot add a script: the same <church-calendar> element and script, with the options from the query
 * string (the attributes' own names). A route, not a page: it has no site header, reads no session and sets no
 * cookie. proxy.ts gives it its policy (EMBED_FRAME_CONTENT_SECURITY_POLICY: the one address any site may frame).
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
  const title = `${options.heading ?? (options.view === "month" ? "Calendar" : "Upcoming events")} · ${church.name}`;
  const html = `<!doctype html>
<html lang="${escapeHtml(options.locale ?? "en")}">
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
    },
  });
}

export const { POST, PUT, PATCH, DELETE } = pageMethodNotAllowed();
