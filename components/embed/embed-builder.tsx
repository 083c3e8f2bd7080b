"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
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
import { audienceLabel, eventTypeLabel } from "@/components/calendar/labels";
import styles from "./embed-builder.module.css";

/** The widget's own defaults (lib/embed/widget/calendar-element.ts): a colour equal to one is left out. */
const DEFAULT_COLORS = { accent: "#0f4c5c", text: "#1f2933", background: "#ffffff" } as const;
type ColorName = keyof typeof DEFAULT_COLORS;

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
  const t = useTranslations("EmbedBuilder.builder");
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
        {copied ? t("copied") : ""}
      </span>
    </>
  );
}

/**
 * The /embed page's builder: choices on the left, the snippet and the iframe alternative generated from
 * them, and the widget itself as a live preview, whose attributes follow the choices.
 */
export function EmbedBuilder({ origin, options, brandColour }: { origin: string; options: FilterOptions; brandColour: string }) {
  const t = useTranslations("EmbedBuilder.builder");
  const labels = useTranslations("Calendar.labels");
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
        <h2 id="embed-choices">{t("yourChoices")}</h2>
        <fieldset className={styles.views}>
          <legend>{t("show")}</legend>
          <label>
            <input type="radio" name="view" value="list" checked={choices.view === "list"} onChange={() => set("view", "list")} /> {t("viewList")}
          </label>
          <label>
            <input type="radio" name="view" value="month" checked={choices.view === "month"} onChange={() => set("view", "month")} /> {t("viewMonth")}
          </label>
        </fieldset>
        <div className={styles.fields}>
          <SelectField label={t("type")} value={choices.type} onChange={(event) => set("type", event.target.value)}>
            <option value="">{t("allTypes")}</option>
            {WIDGET_EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {eventTypeLabel(labels, type)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("campus")} value={choices.campusId} onChange={(event) => set("campusId", event.target.value)}>
            <option value="">{t("allCampuses")}</option>
            {options.campuses.map((campus) => (
              <option key={campus.id} value={campus.id}>
                {campus.name}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("ministry")} value={choices.ministryId} onChange={(event) => set("ministryId", event.target.value)}>
            <option value="">{t("allMinistries")}</option>
            {options.ministries.map((ministry) => (
              <option key={ministry.id} value={ministry.id}>
                {ministry.name}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("audience")} value={choices.audience} onChange={(event) => set("audience", event.target.value)}>
            <option value="">{t("everyone")}</option>
            {options.audiences.map((audience) => (
              <option key={audience} value={audience}>
                {audienceLabel(audience)}
              </option>
            ))}
          </SelectField>
          {choices.view === "list" && (
            <TextField
              label={t("perPage")}
              hint={t("perPageHint")}
              type="number"
              min={1}
              max={100}
              inputMode="numeric"
              value={choices.limit}
              onChange={(event) => set("limit", event.target.value)}
            />
          )}
          <TextField label={t("heading")} hint={t("headingHint")} value={choices.heading} maxLength={200} onChange={(event) => set("heading", event.target.value)} />
        </div>
        <fieldset className={styles.colors}>
          <legend>{t("colours")}</legend>
          {(Object.keys(DEFAULT_COLORS) as ColorName[]).map((name) => (
            <label key={name} className={styles.color}>
              <input type="color" value={choices.colors[name]} onChange={(event) => set("colors", { ...choices.colors, [name]: event.target.value })} />
              {t(`colour.${name}`)}
            </label>
          ))}
          <button type="button" className="button" onClick={() => set("colors", churchColors(brandColour))}>
            {t("resetColours")}
          </button>
        </fieldset>
      </section>

      <section aria-labelledby="embed-snippet" className={styles.card}>
        <h2 id="embed-snippet">{t("pasteTitle")}</h2>
        <p>{t("pasteText")}</p>
        <pre className={styles.code} tabIndex={0} aria-label={t("widgetSnippet")}>
          <code data-snippet="script">{snippet}</code>
        </pre>
        <p className={styles.actions}>
          <CopyButton text={snippet} label={t("copySnippet")} />
        </p>
        <h3>{t("iframeTitle")}</h3>
        <p>{t("iframeText")}</p>
        <pre className={styles.code} tabIndex={0} aria-label={t("iframeSnippet")}>
          <code data-snippet="iframe">{frame}</code>
        </pre>
        <p className={styles.actions}>
          <CopyButton text={frame} label={t("copyIframe")} />
        </p>
        <h3>{t("stylesheetTitle")}</h3>
        <p>{t.rich("stylesheetText", { tag: WIDGET_TAG, code: (chunks) => <code>{chunks}</code> })}</p>
      </section>

      <section aria-labelledby="embed-preview" className={`${styles.card} ${styles.preview}`}>
        <h2 id="embed-preview">{t("preview")}</h2>
        <p className={styles.hint}>{t("previewHint")}</p>
        <div ref={preview} className={styles.previewFrame} data-testid="embed-preview" />
      </section>
    </div>
  );
}
