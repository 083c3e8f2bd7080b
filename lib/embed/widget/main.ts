import catalogs from "virtual:widget-messages";
import { WIDGET_TAG } from "../options.ts";
import { ChurchCalendarElement } from "./calendar-element.ts";

/**
 * The entry of public/embed/calendar.js (scripts/build-embed.ts bundles it, with every language's Widget
 * messages as "virtual:widget-messages"). The feed and the event pages are on the origin this script was
 * loaded from, whatever page embeds it; pasted twice, it defines once.
 */
const script = document.currentScript;
if (script instanceof HTMLScriptElement && script.src) ChurchCalendarElement.origin = new URL(script.src).origin;
ChurchCalendarElement.catalogs = catalogs;
if (!customElements.get(WIDGET_TAG)) customElements.define(WIDGET_TAG, ChurchCalendarElement);
