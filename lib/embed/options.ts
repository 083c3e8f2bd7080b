/**
 * The calendar widget's options (docs/decisions/0028-calendar-widget.md): one list of names shared by the
 * custom element's attributes, the iframe page's query string, the /embed page's snippet builder and the
 * widget itself. Pure and free of dependencies: it is bundled into the widget's script, which stays small.
 */

export const WIDGET_VIEWS = ["list", "month"] as const;
export type WidgetView = (typeof WIDGET_VIEWS)[number];

/** The feed's event types (lib/calendar/schemas.ts EVENT_TYPES); repeated here so zod stays out of the bundle. */
export const WIDGET_EVENT_TYPES = ["SERVICE", "CONFERENCE", "COURSE", "SPECIAL_EVENT", "PRAYER_CAMPAIGN", "LIFE_GROUP", "CAMP", "WORKSHOP"] as const;

export const WIDGET_DEFAULT_LIMIT = 5;
export const WIDGET_MAX_LIMIT = 100;
export const WIDGET_TAG = "church-calendar";
export const WIDGET_SCRIPT_PATH = "/embed/calendar.js";
export const WIDGET_FRAME_PATH = "/embed/calendar";

/**
 * Every option, by its attribute name (also its name in the iframe page's query string), with the feed's
 * query parameter where it is a filter. Order is the snippet's order.
 */
export const WIDGET_ATTRIBUTES = [
  "view",
  "type",
  "ministry-id",
  "campus-id",
  "audience",
  "limit",
  "accent-color",
  "text-color",
  "background-color",
  "heading",
  "locale",
  "link-target",
] as const;
export type WidgetAttribute = (typeof WIDGET_ATTRIBUTES)[number];

/** Attribute → the feed's query parameter (interface.md 4.1). */
export const FEED_FILTERS = { type: "type", "ministry-id": "ministryId", "campus-id": "campusId", audience: "audience" } as const;

export interface WidgetOptions {
  view: WidgetView;
  /** Feed filters, by the feed's own parameter names. */
  filters: Partial<Record<(typeof FEED_FILTERS)[keyof typeof FEED_FILTERS], string>>;
  limit: number;
  colors: { accent?: string; text?: string; background?: string };
  heading?: string;
  locale?: string;
  linkTarget?: "_self" | "_top" | "_blank" | "_parent";
}

const MAX_TEXT = 200;
/** Hex, a named colour, or rgb()/hsl() with plain numbers: nothing that can close a CSS rule or load a URL. */
const COLOR = /^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|hsl)a?\(\s*[0-9.%,\s/deg]{1,60}\))$/i;
const LOCALE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/;
const CONTROL = /[\u0000-\u001f\u007f]/;
const LINK_TARGETS = ["_self", "_top", "_blank", "_parent"] as const;

/** A colour the widget may put into its stylesheet, or undefined. */
export function safeColor(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && COLOR.test(trimmed) ? trimmed : undefined;
}

function text(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= MAX_TEXT && !CONTROL.test(trimmed) ? trimmed : undefined;
}

/**
 * Reads options from attribute values (or query parameters of the same names). A value that cannot be
 * right is left out, as if absent: a typo in a church's website must not blank its calendar. A filter
 * value the feed does not know gives an empty list, as the feed itself does.
 */
export function readWidgetOptions(get: (name: WidgetAttribute) => string | null | undefined): WidgetOptions {
  const view = get("view")?.trim().toLowerCase();
  const filters: WidgetOptions["filters"] = {};
  for (const [attribute, parameter] of Object.entries(FEED_FILTERS) as [keyof typeof FEED_FILTERS, (typeof FEED_FILTERS)[keyof typeof FEED_FILTERS]][]) {
    const value = text(get(attribute));
    if (value === undefined) continue;
    if (parameter === "type") {
      const upper = value.toUpperCase();
      if ((WIDGET_EVENT_TYPES as readonly string[]).includes(upper)) filters.type = upper;
    } else filters[parameter] = value;
  }
  const limitText = get("limit")?.trim();
  const limit = limitText && /^\d{1,3}$/.test(limitText) ? Number(limitText) : NaN;
  const locale = get("locale")?.trim();
  const target = get("link-target")?.trim();
  return {
    view: view === "month" ? "month" : "list",
    filters,
    limit: limit >= 1 && limit <= WIDGET_MAX_LIMIT ? limit : WIDGET_DEFAULT_LIMIT,
    colors: { accent: safeColor(get("accent-color")), text: safeColor(get("text-color")), background: safeColor(get("background-color")) },
    heading: text(get("heading")),
    locale: locale && LOCALE.test(locale) ? locale : undefined,
    linkTarget: (LINK_TARGETS as readonly string[]).includes(target ?? "") ? (target as WidgetOptions["linkTarget"]) : undefined,
  };
}

/** Options → attribute pairs, defaults left out, in the snippet's order. */
export function widgetAttributePairs(options: WidgetOptions): [WidgetAttribute, string][] {
  const pairs: [WidgetAttribute, string][] = [];
  if (options.view !== "list") pairs.push(["view", options.view]);
  for (const [attribute, parameter] of Object.entries(FEED_FILTERS) as [WidgetAttribute, keyof WidgetOptions["filters"]][]) {
    const value = options.filters[parameter];
    if (value) pairs.push([attribute, value]);
  }
  if (options.view === "list" && options.limit !== WIDGET_DEFAULT_LIMIT) pairs.push(["limit", String(options.limit)]);
  if (options.colors.accent) pairs.push(["accent-color", options.colors.accent]);
  if (options.colors.text) pairs.push(["text-color", options.colors.text]);
  if (options.colors.background) pairs.push(["background-color", options.colors.background]);
  if (options.heading) pairs.push(["heading", options.heading]);
  if (options.locale) pairs.push(["locale", options.locale]);
  if (options.linkTarget) pairs.push(["link-target", options.linkTarget]);
  return pairs;
}

/** Escapes text for an HTML attribute value in double quotes (and for text content). */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/'/g, "&#39;");
}

/** The custom element's tag with these options. */
export function widgetElementHtml(options: WidgetOptions): string {
  const attributes = widgetAttributePairs(options)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join("");
  return `<${WIDGET_TAG}${attributes}></${WIDGET_TAG}>`;
}

/** What a church pastes into its website: the script (once per page) and the element. */
export function widgetSnippet(origin: string, options: WidgetOptions): string {
  return `<script src="${escapeHtml(origin + WIDGET_SCRIPT_PATH)}" crossorigin="anonymous" async></script>\n${widgetElementHtml(options)}`;
}

/** The iframe page's address with these options. */
export function widgetFrameUrl(origin: string, options: WidgetOptions): string {
  const query = new URLSearchParams(widgetAttributePairs(options)).toString();
  return `${origin}${WIDGET_FRAME_PATH}${query ? `?${query}` : ""}`;
}

/**
 * The iframe alternative, for sites that cannot run scripts. Its title is the heading, else `untitled`: the
 * /embed page may pass its own words for it (English here: this file is bundled into the widget, which has
 * no catalogue of its own but the Widget messages).
 */
export function widgetFrameSnippet(origin: string, options: WidgetOptions, untitled = options.view === "month" ? "Church calendar" : "Upcoming events"): string {
  const title = options.heading ?? untitled;
  return `<iframe src="${escapeHtml(widgetFrameUrl(origin, options))}" title="${escapeHtml(title)}" width="100%" height="${options.view === "month" ? 720 : 560}" style="border:0" loading="lazy"></iframe>`;
}
