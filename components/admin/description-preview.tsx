"use client";

import { useTranslations } from "next-intl";
import { useDeferredValue, useId, useState, type MouseEvent } from "react";
// The event page's own description styles, so the preview cannot drift from the page.
import descriptionStyles from "@/components/calendar/event-description.module.css";
import { LoadError } from "@/components/ui/load-error";
import styles from "./description-preview.module.css";

type Sanitize = (description: string) => string;

let loading: Promise<Sanitize> | null = null;

/**
 * The event page's own sanitizer (lib/calendar/sanitize-description.ts), fetched the first time Preview is
 * pressed: sanitize-html is ~100 KB compressed, in a chunk of its own that no page loads up front. A failed
 * load is forgotten, so "Try again" asks for it anew.
 */
function loadSanitizer(): Promise<Sanitize> {
  loading ??= import("@/lib/calendar/sanitize-description").then(
    (module) => module.sanitizeDescription,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * A plain click on a link in the preview opens it in a new tab, so the office can check where it goes without
 * leaving the form and losing what they typed; the browser handles Ctrl, Shift and middle clicks as usual.
 * The markup itself stays exactly as the event page has it.
 */
function openLinksInNewTab(event: MouseEvent<HTMLDivElement>) {
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.protocol === "mailto:") return;
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  window.open(link.href, "_blank", "noopener,noreferrer");
}

/**
 * "Preview" under the event form's description: a toggle button (aria-pressed) that shows the description as
 * members will see it on the event's page, through the page's own sanitizer and styles, and follows the text
 * while it is typed. The only HTML it puts in the page is sanitizeDescription's output.
 */
export function DescriptionPreview({ description }: { description: string }) {
  const t = useTranslations("AdminEvents.preview");
  const [shown, setShown] = useState(false);
  const [sanitize, setSanitize] = useState<Sanitize | null>(null);
  const [failed, setFailed] = useState(false);
  const [retrying, setRetrying] = useState(false);
  // Typing stays quick on a long description: the preview catches up a moment later.
  const text = useDeferredValue(description);
  const panelId = useId();
  const titleId = `${panelId}-title`;

  function load() {
    setRetrying(true);
    loadSanitizer().then(
      (loaded) => {
        setSanitize(() => loaded);
        setFailed(false);
        setRetrying(false);
      },
      () => {
        setFailed(true);
        setRetrying(false);
      },
    );
  }

  function toggle() {
    if (!shown && !sanitize) load();
    setShown(!shown);
  }

  const html = shown && sanitize && text.trim() ? sanitize(text) : "";

  return (
    <div className={styles.preview}>
      <button type="button" className={`button ${styles.toggle}`} aria-pressed={shown} aria-controls={panelId} onClick={toggle}>
        {t("button")}
      </button>
      <section id={panelId} className={styles.panel} aria-labelledby={titleId} hidden={!shown}>
        {/*
          At the level of the event page's "About this event", so the description's own headings (h3, h4) sit
          under it. Its words leave out "description": specs find the text area by getByLabel("Description"),
          which also matches a region named after it.
        */}
        <h2 id={titleId} className={styles.title}>
          {t("title")}
        </h2>
        <p className={styles.caption}>{t("caption")}</p>
        {shown ? (
          <>
            {failed ? (
              <LoadError title={t("failed")} message={t("failedMessage")} retrying={retrying} onRetry={load} headingLevel={3} />
            ) : !sanitize ? (
              <p className={styles.empty} aria-busy="true">
                {t("loading")}
              </p>
            ) : !text.trim() ? (
              <p className={styles.empty}>{t("empty")}</p>
            ) : !html.trim() ? (
              <p className={styles.empty}>{t("nothingShows")}</p>
            ) : (
              <div className={`${descriptionStyles.prose} ${styles.content}`} onClick={openLinksInNewTab} dangerouslySetInnerHTML={{ __html: html }} />
            )}
          </>
        ) : null}
      </section>
    </div>
  );
}
