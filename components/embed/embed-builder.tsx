"use client";

import { useEffect, useRef, useState } from "react";
import type { FilterOptions } from "@/lib/calendar/list-filter-options";
import {
  WIDGET_DEFAULT_LIMIT,
  WIDGET_EVENT_TYPES,
  WIDGET_SCRIPT_PATH,
  WIDGET_TAG,
  widgetAttributePairs,
  widgetFrameSnippet,
  widgetSnippet,
  type WidgetOptions,
  type WidgetView,
} from "@/lib/embed/options";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { EVENT_TYPE_LABELS, audienceLabel } from "@/components/calendar/labels";
import styles from "./embed-builder.module.css";

/** The widget's own defaults (lib/embed/widget/calendar-element.ts): a colour equal to one is left out. */
const DEFAULT_COLORS = { accent: "#0f4c5c", text: "#1f2933", background: "#ffffff" } as const;
type ColorName = keyof typeof DEFAULT_COLORS;
const COLOR_LABELS: Record<ColorName, string> = { accent: "Accent (links, buttons)", text: "Text", background: "Background" };

interface Choices {
  view: WidgetView;
  type: string;
  ministryId: string;
  campusId: string;
  audience: string;
  limit: string;
  heading: string;
  colors: Record<ColorName, string>;
}

/** The church's colours: its brand colour as the accent (the widget's own default is the portal's teal). */
function churchColors(brandColour: string): Choices["colors"] {
  return { ...DEFAULT_COLORS, accent: brandColour };
}

function initialChoices(brandColour: string): Choices {
  return { view: "list", type: "", ministryId: "", campusId: "", audience: "", limit: String(WIDGET_DEFAULT_LIMIT), heading: "", colors: churchColors(brandColour) };
}

function toOptions(choices: Choices): WidgetOptions {
  const limit = Number(choices.limit);
  const color = (name: ColorName) => (choices.colors[name].toLowerCase() === DEFAULT_COLORS[name] ? undefined : choices.colors[name]);
  return {
    view: choices.view,
    filters: {
      type: choices.type || undefined,
      ministryId: choices.ministryId || undefined,
      campusId: choices.campusId || undefined,
      audience: choices.audience || undefined,
    },
    limit: Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : WIDGET_DEFAULT_LIMIT,
    colors: { accent: color("accent"), text: color("text"), background: color("background") },
    heading: choices.heading.trim() || undefined,
  };
}

/** Loads the widget's script once, as a church website would. */
function useWidgetScript() {
  useEffect(() => {
    if (document.querySelector(`script[src="${WIDGET_SCRIPT_PATH}"]`)) return;
    const script = document.createElement("script");
    script.src = WIDGET_SCRIPT_PATH;
    script.async = true;
    document.head.append(script);
  }, []);
}

function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button"
        onClick={() => {
          void navigator.clipboard?.writeText(text).then(
            () => setCopied(true),
            () => setCopied(false),
          );
        }}
      >
        {label}
      </button>
      <span role="status" className={styles.copied}>
        {copied ? "Copied." : ""}
      </span>
    </>
  );
}

/**
 * The /embed page's builder: choices on the left, the snippet and the iframe alternative generated from
 * them, and the widget itself as a live preview, whose attributes follow the choices.
 */
export function EmbedBuilder({ origin, options, brandColour }: { origin: string; options: FilterOptions; brandColour: string }) {
  useWidgetScript();
  const [choices, setChoices] = useState<Choices>(() => initialChoices(brandColour));
  const preview = useRef<HTMLDivElement>(null);
  const widgetOptions = toOptions(choices);
  const snippet = widgetSnippet(origin, widgetOptions);
  const frame = widgetFrameSnippet(origin, widgetOptions);
  const pairs = widgetAttributePairs(widgetOptions);
  const pairsKey = JSON.stringify(pairs);

  // The preview's element is made here, not by React: its attributes are exactly the snippet's.
  useEffect(() => {
    const host = preview.current;
    if (!host) return;
    let element = host.querySelector(WIDGET_TAG);
    if (!element) {
      element = document.createElement(WIDGET_TAG);
      host.append(element);
    }
    const wanted = new Map(JSON.parse(pairsKey) as [string, string][]);
    for (const name of element.getAttributeNames()) if (!wanted.has(name)) element.removeAttribute(name);
    for (const [name, value] of wanted) if (element.getAttribute(name) !== value) element.setAttribute(name, value);
  }, [pairsKey]);

  const set = <K extends keyof Choices>(name: K, value: Choices[K]) => setChoices((current) => ({ ...current, [name]: value }));

  return (
    <div className={styles.layout}>
      <section aria-labelledby="embed-choices" className={styles.card}>
        <h2 id="embed-choices">Your choices</h2>
        <fieldset className={styles.views}>
          <legend>Show</legend>
          <label>
            <input type="radio" name="view" value="list" checked={choices.view === "list"} onChange={() => set("view", "list")} /> The next events, as a list
          </label>
          <label>
            <input type="radio" name="view" value="month" checked={choices.view === "month"} onChange={() => set("view", "month")} /> A month, as a calendar
          </label>
        </fieldset>
        <div className={styles.fields}>
          <SelectField label="Type" value={choices.type} onChange={(event) => set("type", event.target.value)}>
            <option value="">All types</option>
            {WIDGET_EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {EVENT_TYPE_LABELS[type]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Campus" value={choices.campusId} onChange={(event) => set("campusId", event.target.value)}>
            <option value="">All campuses</option>
            {options.campuses.map((campus) => (
              <option key={campus.id} value={campus.id}>
                {campus.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Ministry" value={choices.ministryId} onChange={(event) => set("ministryId", event.target.value)}>
            <option value="">All ministries</option>
            {options.ministries.map((ministry) => (
              <option key={ministry.id} value={ministry.id}>
                {ministry.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Audience" value={choices.audience} onChange={(event) => set("audience", event.target.value)}>
            <option value="">Everyone</option>
            {options.audiences.map((audience) => (
              <option key={audience} value={audience}>
                {audienceLabel(audience)}
              </option>
            ))}
          </SelectField>
          {choices.view === "list" && (
            <TextField
              label="Events per page"
              hint="1 to 100; “More events” shows the next ones."
              type="number"
              min={1}
              max={100}
              inputMode="numeric"
              value={choices.limit}
              onChange={(event) => set("limit", event.target.value)}
            />
          )}
          <TextField label="Heading" hint="Optional; also names the calendar for screen readers." value={choices.heading} maxLength={200} onChange={(event) => set("heading", event.target.value)} />
        </div>
        <fieldset className={styles.colors}>
          <legend>Your church’s colours</legend>
          {(Object.keys(DEFAULT_COLORS) as ColorName[]).map((name) => (
            <label key={name} className={styles.color}>
              <input type="color" value={choices.colors[name]} onChange={(event) => set("colors", { ...choices.colors, [name]: event.target.value })} />
              {COLOR_LABELS[name]}
            </label>
          ))}
          <button type="button" className="button" onClick={() => set("colors", churchColors(brandColour))}>
            Reset colours
          </button>
        </fieldset>
      </section>

      <section aria-labelledby="embed-snippet" className={styles.card}>
        <h2 id="embed-snippet">Paste this into your website</h2>
        <p>Where the calendar should appear, in the page’s HTML. The script line is needed once per page, even with several calendars.</p>
        <pre className={styles.code} tabIndex={0} aria-label="Widget snippet">
          <code data-snippet="script">{snippet}</code>
        </pre>
        <p className={styles.actions}>
          <CopyButton text={snippet} label="Copy the snippet" />
        </p>
        <h3>If your website cannot run scripts</h3>
        <p>Some site builders allow only iframes. This shows the same calendar inside a frame; its links open in the whole window.</p>
        <pre className={styles.code} tabIndex={0} aria-label="Iframe snippet">
          <code data-snippet="iframe">{frame}</code>
        </pre>
        <p className={styles.actions}>
          <CopyButton text={frame} label="Copy the iframe" />
        </p>
        <h3>Colours from your stylesheet</h3>
        <p>
          Instead of the colour attributes, your CSS may set <code>--church-calendar-accent</code>, <code>--church-calendar-text</code> and{" "}
          <code>--church-calendar-background</code> on <code>{WIDGET_TAG}</code>. The calendar uses your page’s font.
        </p>
      </section>

      <section aria-labelledby="embed-preview" className={`${styles.card} ${styles.preview}`}>
        <h2 id="embed-preview">Preview</h2>
        <p className={styles.hint}>The calendar as your visitors will see it, with today’s events.</p>
        <div ref={preview} className={styles.previewFrame} data-testid="embed-preview" />
      </section>
    </div>
  );
}
