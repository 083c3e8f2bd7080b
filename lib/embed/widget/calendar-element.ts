import { readWidgetOptions, WIDGET_ATTRIBUTES, WIDGET_EVENT_TYPES, type WidgetAttribute, type WidgetOptions } from "../options.ts";
import {
  addMonths,
  compareMonths,
  daysCovered,
  describeDay,
  describeMonth,
  describeTime,
  describeWhen,
  firstDayOfWeek,
  lastDateOf,
  monthWeeks,
  parseDate,
  weekdayNames,
  type DayPart,
  type YearMonth,
} from "./dates.ts";
import { browserLocale, widgetLocale } from "./locale.ts";
import { WIDGET_CSS } from "./styles.ts";
import { widgetTranslator, type WidgetCatalogs, type WidgetKey, type WidgetTranslate } from "./words.ts";

/**
 * <church-calendar>: the embeddable calendar (docs/decisions/0028-calendar-widget.md). A custom element
 * with a shadow root and no framework. It reads the public feed of the origin its script came from, with
 * `credentials: "omit"`, and builds every node with textContent, so nothing from the feed is parsed as HTML.
 * Its words are the Widget messages (words.ts), in the language of its locale (locale.ts).
 */
// i18n-namespace: Widget

/** The fields of the feed's CalendarEvent (lib/calendar/schemas.ts) the widget shows. */
interface FeedEvent {
  eventId: string;
  url: string;
  title: string;
  eventType: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  status: string;
  location?: { name: string };
}
interface FeedPage {
  items: FeedEvent[];
  nextCursor: string | null;
}

const EVENT_TYPES: readonly string[] = WIDGET_EVENT_TYPES;
const STATUSES: readonly string[] = ["CANCELLED", "POSTPONED"];
const DEFAULT_COLORS = { accent: "#0f4c5c", text: "#1f2933", background: "#ffffff" };
/** Page size when the month view reads ahead, and how far it may read (pages, months). */
const MONTH_PAGE_SIZE = 100;
const MONTH_MAX_PAGES = 20;
const MONTHS_AHEAD = 24;

type Child = Node | string | null | undefined | false;

function h(tag: string, attributes: Record<string, string | undefined> = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) element.setAttribute(name, value);
  for (const child of children) if (child) element.append(child);
  return element;
}

let sharedSheet: CSSStyleSheet | undefined;

export class ChurchCalendarElement extends HTMLElement {
  static observedAttributes = WIDGET_ATTRIBUTES;
  /** The origin the script was served from: the feed and the event pages live there. */
  static origin = location.origin;
  /** Every language's words, compiled into the script (main.ts). */
  static catalogs: WidgetCatalogs = {};

  #root: ShadowRoot;
  #colorSheet: CSSStyleSheet | HTMLStyleElement;
  #heading = h("h2");
  #nav = h("div", { class: "nav" });
  #status = h("p", { class: "status", role: "status", "aria-live": "polite" });
  #body = h("div", { class: "body" });
  #options: WidgetOptions = readWidgetOptions(() => null);
  /** The locale of the words and dates: the attribute's, else the page's language, else the browser's (locale.ts). */
  #locale = "en";
  #t: WidgetTranslate = widgetTranslator(ChurchCalendarElement.catalogs, "en");
  /** Bumped on every reset: answers to older requests are dropped. */
  #generation = 0;
  #scheduled = false;
  #connected = false;
  // List view
  #items: FeedEvent[] = [];
  #cursor: string | null = null;
  // Month view: the feed read from its start, in order, until past the month shown.
  #month: YearMonth = ChurchCalendarElement.thisMonth();
  #loaded: FeedEvent[] = [];
  #monthCursor: string | null = null;
  #exhausted = false;
  #pages = 0;

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: "open" });
    if ("adoptedStyleSheets" in Document.prototype && "replaceSync" in CSSStyleSheet.prototype) {
      sharedSheet ??= new CSSStyleSheet();
      if (!sharedSheet.cssRules.length) sharedSheet.replaceSync(WIDGET_CSS);
      const colors = new CSSStyleSheet();
      this.#root.adoptedStyleSheets = [sharedSheet, colors];
      this.#colorSheet = colors;
    } else {
      // Older browsers: a <style> element (a host page's strict CSP may refuse it; the calendar still reads).
      const style = document.createElement("style");
      style.textContent = WIDGET_CSS;
      const colors = document.createElement("style");
      this.#colorSheet = colors;
      this.#root.append(style, colors);
    }
    const region = h("section", { class: "cc" }, h("div", { class: "head" }, this.#heading, this.#nav), this.#status, this.#body);
    this.#root.append(region);
  }

  static thisMonth(): YearMonth {
    const now = new Date();
    return { year: now.getFullYear(), month: now.getMonth() + 1 };
  }

  connectedCallback() {
    this.#connected = true;
    this.#schedule();
  }

  disconnectedCallback() {
    this.#connected = false;
    this.#generation++;
  }

  attributeChangedCallback() {
    this.#schedule();
  }

  /** Several attributes set in a row (the /embed page's preview) start one reload. */
  #schedule() {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      if (this.#connected) this.#reset();
    });
  }

  #reset() {
    this.#generation++;
    this.#options = readWidgetOptions((name: WidgetAttribute) => this.getAttribute(name));
    this.#locale = widgetLocale(this.#options.locale, this.closest("[lang]")?.getAttribute("lang"), browserLocale());
    this.#t = widgetTranslator(ChurchCalendarElement.catalogs, this.#locale);
    this.#applyColors();
    this.#items = [];
    this.#cursor = null;
    this.#loaded = [];
    this.#monthCursor = null;
    this.#exhausted = false;
    this.#pages = 0;
    this.#month = ChurchCalendarElement.thisMonth();
    const label = this.#options.heading ?? (this.#options.view === "month" ? this.#t("calendar") : this.#t("upcomingEvents"));
    this.#root.querySelector("section")?.setAttribute("aria-label", label);
    if (this.#options.view === "month") void this.#showMonth();
    else void this.#loadList();
  }

  #applyColors() {
    const { accent, text, background } = this.#options.colors;
    const value = (given: string | undefined, name: keyof typeof DEFAULT_COLORS) => given ?? `var(--church-calendar-${name},${DEFAULT_COLORS[name]})`;
    const css = `:host{--cc-accent:${value(accent, "accent")};--cc-text:${value(text, "text")};--cc-background:${value(background, "background")}}`;
    if (this.#colorSheet instanceof CSSStyleSheet) this.#colorSheet.replaceSync(css);
    else this.#colorSheet.textContent = css;
  }

  #feedUrl(limit: number, cursor: string | null): string {
    const query = new URLSearchParams({ limit: String(limit) });
    for (const [name, value] of Object.entries(this.#options.filters)) if (value) query.set(name, value);
    if (cursor) query.set("cursor", cursor);
    return `${ChurchCalendarElement.origin}/api/calendar/events/upcoming?${query}`;
  }

  async #fetchPage(limit: number, cursor: string | null): Promise<FeedPage> {
    const response = await fetch(this.#feedUrl(limit, cursor), { credentials: "omit", mode: "cors", headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`feed answered ${response.status}`);
    return (await response.json()) as FeedPage;
  }

  #eventUrl(event: FeedEvent): string {
    return new URL(event.url, ChurchCalendarElement.origin).href;
  }

  #link(event: FeedEvent, content: Child[], className?: string): HTMLElement {
    const target = this.#options.linkTarget;
    return h("a", { href: this.#eventUrl(event), class: className, target, rel: target === "_blank" ? "noopener" : undefined }, ...content);
  }

  #badge(event: FeedEvent): Child {
    return STATUSES.includes(event.status) ? h("span", { class: "badge" }, this.#t(`status.${event.status}` as WidgetKey)) : null;
  }

  #skeleton(count: number): HTMLElement {
    return h("div", { "aria-hidden": "true" }, ...Array.from({ length: count }, () => h("div", { class: "skeleton" })));
  }

  #showError(retry: () => void) {
    this.#status.textContent = this.#t("loadFailed");
    const button = h("button", { type: "button" }, this.#t("tryAgain"));
    button.addEventListener("click", retry);
    this.#body.replaceChildren(h("p", {}, button));
  }

  // ── list view ──

  #eventItem(event: FeedEvent): HTMLElement {
    const locale = this.#locale;
    const type = EVENT_TYPES.includes(event.eventType) ? this.#t(`eventTypes.${event.eventType}` as WidgetKey) : event.eventType;
    const meta = [event.location?.name, type].filter(Boolean).join(" · ");
    return h(
      "li",
      {},
      h("div", { class: "title" }, this.#link(event, [event.title]), this.#badge(event)),
      h("p", { class: "when" }, h("time", { datetime: `${event.startDate}T${event.startTime}` }, describeWhen(event, locale))),
      meta && h("p", { class: "meta" }, meta),
    );
  }

  async #loadList(more = false) {
    const generation = this.#generation;
    this.#heading.textContent = this.#options.heading ?? this.#t("upcomingEvents");
    this.#nav.replaceChildren();
    this.#status.textContent = more ? this.#t("loadingMore") : this.#t("loading");
    if (!more) this.#body.replaceChildren(this.#skeleton(Math.min(this.#options.limit, 3)));
    try {
      const page = await this.#fetchPage(this.#options.limit, more ? this.#cursor : null);
      if (generation !== this.#generation) return;
      const firstNew = this.#items.length;
      this.#items = [...this.#items, ...page.items];
      this.#cursor = page.nextCursor;
      this.#renderList(more ? firstNew : -1, page.items.length);
    } catch {
      if (generation !== this.#generation) return;
      this.#showError(() => void this.#loadList(more));
    }
  }

  #renderList(focusIndex: number, added: number) {
    if (this.#items.length === 0) {
      this.#status.textContent = this.#t("noUpcoming");
      this.#body.replaceChildren();
      return;
    }
    this.#status.textContent = focusIndex >= 0 ? this.#t("moreShown", { count: added }) : "";
    const list = h("ul", { class: "events" }, ...this.#items.map((event) => this.#eventItem(event)));
    const children: HTMLElement[] = [list];
    if (this.#cursor) {
      const more = h("button", { type: "button", class: "more" }, this.#t("moreEvents"));
      more.addEventListener("click", () => void this.#loadList(true));
      children.push(h("p", {}, more));
    }
    children.push(h("p", { class: "note" }, this.#t("timesLocal")));
    this.#body.replaceChildren(...children);
    // Keyboard users go on reading where the new events begin.
    if (focusIndex >= 0) (list.children[focusIndex]?.querySelector("a") as HTMLElement | null)?.focus();
  }

  // ── month view ──

  /** Reads the feed from its start until it passes the month shown (or ends). */
  async #ensureMonth(month: YearMonth): Promise<void> {
    const end = lastDateOf(month);
    while (!this.#exhausted && this.#pages < MONTH_MAX_PAGES) {
      const last = this.#loaded[this.#loaded.length - 1];
      if (last && last.startDate > end) return;
      const page = await this.#fetchPage(MONTH_PAGE_SIZE, this.#monthCursor);
      this.#pages++;
      this.#loaded.push(...page.items);
      this.#monthCursor = page.nextCursor;
      if (!page.nextCursor) this.#exhausted = true;
    }
  }

  async #showMonth(focus?: "prev" | "next") {
    const generation = this.#generation;
    const month = this.#month;
    this.#heading.textContent = describeMonth(month, this.#locale);
    this.#renderNav(focus);
    this.#status.textContent = this.#t("loading");
    this.#body.replaceChildren(this.#skeleton(2));
    try {
      await this.#ensureMonth(month);
      if (generation !== this.#generation || compareMonths(month, this.#month) !== 0) return;
      this.#renderMonth(month);
    } catch {
      if (generation !== this.#generation) return;
      this.#showError(() => void this.#showMonth());
    }
  }

  #renderNav(focus?: "prev" | "next") {
    const locale = this.#locale;
    const first = ChurchCalendarElement.thisMonth();
    const button = (role: "prev" | "next", step: number, symbol: string, allowed: boolean) => {
      const target = addMonths(this.#month, step);
      const month = describeMonth(target, locale);
      const label = role === "prev" ? this.#t("previousMonth", { month }) : this.#t("nextMonth", { month });
      const element = h(
        "button",
        { type: "button", "data-role": role, "aria-label": label, "aria-disabled": allowed ? undefined : "true" },
        h("span", { "aria-hidden": "true" }, symbol),
      );
      element.addEventListener("click", () => {
        if (!allowed) return;
        this.#month = target;
        void this.#showMonth(role);
      });
      return element;
    };
    const prev = button("prev", -1, "‹", compareMonths(this.#month, first) > 0);
    const next = button("next", 1, "›", compareMonths(this.#month, addMonths(first, MONTHS_AHEAD)) < 0);
    this.#nav.replaceChildren(prev, next);
    // The button pressed is replaced: keep the keyboard on it.
    if (focus) (focus === "prev" ? prev : next).focus();
  }

  #renderMonth(month: YearMonth) {
    const locale = this.#locale;
    const first = `${month.year}-${String(month.month).padStart(2, "0")}-01`;
    const last = lastDateOf(month);
    // An event shows on every day of the month it covers, one begun last month too; a day lists what
    // continues from earlier days first, then what starts, by its clock (the feed orders by instant, and
    // campuses in several time zones interleave).
    const byDay = new Map<string, [FeedEvent, DayPart][]>();
    const events: FeedEvent[] = [];
    for (const event of this.#loaded) {
      const days = daysCovered(event, first, last);
      if (days.length > 0) events.push(event);
      for (const [date, part] of days) byDay.set(date, [...(byDay.get(date) ?? []), [event, part]]);
    }
    const order = ([event, part]: [FeedEvent, DayPart]) => (part === "first" ? event.startTime : "");
    for (const dayEvents of byDay.values()) dayEvents.sort((a, b) => order(a).localeCompare(order(b)));
    const when = (event: FeedEvent, part: DayPart) =>
      part === "first" ? describeTime(event.startTime, locale) : part === "last" ? this.#t("until", { time: describeTime(event.endTime, locale) }) : this.#t("allDay");
    const today = new Date();
    const todayText = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
    const monthName = describeMonth(month, locale);
    const weekStart = firstDayOfWeek(locale);

    const head = h(
      "thead",
      {},
      h("tr", {}, ...weekdayNames(locale, weekStart).map(([short, long]) => h("th", { scope: "col", abbr: long }, h("span", { "aria-hidden": "true" }, short), h("span", { class: "sr" }, long)))),
    );
    const rows = monthWeeks(month, weekStart).map((week) =>
      h(
        "tr",
        {},
        ...week.map((date) => {
          if (!date) return h("td", {});
          const dayEvents = byDay.get(date) ?? [];
          return h(
            "td",
            { "aria-current": date === todayText ? "date" : undefined },
            h("span", { class: "day" }, h("span", { "aria-hidden": "true" }, String(parseDate(date).day)), h("span", { class: "sr" }, describeDay(date, locale))),
            dayEvents.length > 0 &&
              h(
                "ul",
                { class: "day-events" },
                ...dayEvents.map(([event, part]) => {
                  // The same title twice that day (a service at each campus): say where, to tell them apart.
                  const twin = dayEvents.some(([other]) => other !== event && other.title === event.title);
                  // Its first part: "Harbor Point Campus · Main Auditorium" is long for a cell.
                  const where = twin && event.location?.name ? ` (${event.location.name.split(" · ")[0]})` : "";
                  return h("li", { class: part === "first" ? undefined : "continues" }, this.#link(event, [h("span", { class: "time" }, when(event, part)), " ", event.title, where]), this.#badge(event));
                }),
              ),
            dayEvents.length > 0 && h("span", { class: "dot", "aria-hidden": "true" }),
          );
        }),
      ),
    );
    const table = h("table", {}, h("caption", { class: "sr" }, this.#t("monthCaption", { month: monthName })), head, h("tbody", {}, ...rows));

    // Narrow containers show dots in the grid and the month's events as a list below it (styles.ts).
    const agenda = h("div", { class: "agenda" });
    // Each event once, under its first day in the month (its item says when it ends).
    const listed = new Set<FeedEvent>();
    for (const date of [...byDay.keys()].sort()) {
      const fresh = byDay.get(date)!.map(([event]) => event).filter((event) => !listed.has(event));
      for (const event of fresh) listed.add(event);
      if (fresh.length > 0) agenda.append(h("h3", {}, describeDay(date, locale)), h("ul", { class: "events" }, ...fresh.map((event) => this.#eventItem(event))));
    }
    this.#status.textContent = events.length === 0 ? this.#t("noEventsInMonth", { month: monthName }) : this.#t("eventsInMonth", { count: events.length, month: monthName });
    this.#body.replaceChildren(table, agenda, h("p", { class: "note" }, this.#t("timesLocal")));
  }
}
