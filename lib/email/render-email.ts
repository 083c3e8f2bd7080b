import "server-only";
import { render } from "@react-email/render";
import { createElement } from "react";
import { brandColourProblem, DEFAULT_BRAND_COLOUR } from "../church-settings/brand-colour.ts";
import type { Church } from "../church-settings/church.ts";
import { ChurchEmail, type EmailChurch } from "./church-email.tsx";
import { emailBlocks, headingOf, previewLine } from "./email-content.ts";
import { translatorFor } from "../i18n/translator.ts";
import { FALLBACK_LOCALE, type AppLocale } from "../kernel/locales.ts";

/**
 * An email as it is sent (issue 39, part 4): the HTML part in the church's template, made from the plain
 * text the builders wrote and the outbox stored, and that text itself, unchanged, as the plain part (what
 * members got before, and what a client without HTML shows). Rendered when the message is delivered
 * (lib/outbox/deliver-messages.ts), so it wears the church's look of that moment; the staff page
 * /admin/emails and the development outbox show it the same way.
 */
export interface RenderedEmail {
  html: string;
  text: string;
}

/** Only http(s) addresses go into the footer's links. */
function webAddress(value: string | null): string | null {
  return value && /^https?:\/\//i.test(value) ? value : null;
}

/** The church as the template shows it: the logo's absolute address, a colour that reads. */
export function emailChurchOf(church: Church, baseUrl: string): EmailChurch {
  const base = baseUrl.replace(/\/+$/, "");
  return {
    name: church.name,
    logoUrl: church.logoPath ? `${base}${church.logoPath}` : null,
    colour: brandColourProblem(church.brandColour) === null ? church.brandColour.toLowerCase() : DEFAULT_BRAND_COLOUR,
    contactEmail: church.contactEmail && church.contactEmail.includes("@") ? church.contactEmail : null,
    websiteUrl: webAddress(church.websiteUrl),
    privacyUrl: webAddress(church.privacyUrl),
  };
}

/** `locale`: the language the message was written in (outbox_message.locale); the template's own words follow it. */
export async function renderEmail(message: { subject: string; body: string; locale?: AppLocale | null }, church: Church, baseUrl: string): Promise<RenderedEmail> {
  const locale = message.locale ?? FALLBACK_LOCALE;
  const words = translatorFor(locale, "Email");
  const blocks = emailBlocks(message.body, baseUrl, words("template.open"));
  const heading = headingOf(message.subject, church.name);
  const html = await render(
    createElement(ChurchEmail, {
      church: emailChurchOf(church, baseUrl),
      heading,
      preview: previewLine(blocks, heading),
      locale,
      blocks,
    }),
  );
  return { html, text: message.body };
}
