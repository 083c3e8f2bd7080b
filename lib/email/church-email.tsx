import "server-only";
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CSSProperties, ReactNode } from "react";
import type { EmailBlock, Inline } from "./email-content.ts";
import { translatorFor } from "../i18n/translator.ts";
import { directionOf, type AppLocale } from "../kernel/locales.ts";

/**
 * The one template every email of the church is sent in (issue 39, part 4): its logo (or its name) at the
 * top over a rule in its colour, the message, and a footer with its name and, when set, how to reach it.
 * Email clients take styles only inline and in tables, which React Email's components write. Every word
 * here comes from React, so whatever a message holds (a member's name with "<" in it) stays text.
 *
 * Colours: dark text on white (15:1), the muted footer at 7:1; the brand colour is checked against white
 * when it is saved (lib/church-settings/brand-colour.ts), so white writing on its buttons and links in it
 * both read. Fonts are the reader's own system fonts: nothing is downloaded.
 */
export interface EmailChurch {
  name: string;
  /** The logo's absolute address, or null: the name is shown instead. */
  logoUrl: string | null;
  /** A brand colour already checked for contrast. */
  colour: string;
  contactEmail: string | null;
  websiteUrl: string | null;
  privacyUrl: string | null;
}

export interface ChurchEmailProps {
  church: EmailChurch;
  /** The subject without the church's name. */
  heading: string;
  /** The line an inbox shows beside the subject. */
  preview: string;
  blocks: readonly EmailBlock[];
  /** The language the message is written in: the footer's words and the page's `lang` follow it. */
  locale: AppLocale;
}

const FONTS = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const CODE_FONTS = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace";
const TEXT = "#1f2328";
const MUTED = "#4b5058";
const PAGE = "#f6f4ef";
const CARD = "#ffffff";
const BORDER = "#dcd8cf";

const body: CSSProperties = { margin: 0, padding: "24px 12px", backgroundColor: PAGE, fontFamily: FONTS, color: TEXT };
const card: CSSProperties = { maxWidth: "560px", backgroundColor: CARD, border: `1px solid ${BORDER}`, borderRadius: "8px", padding: "28px 28px 20px" };
const paragraph: CSSProperties = { fontSize: "16px", lineHeight: "24px", color: TEXT, margin: "0 0 16px" };
const small: CSSProperties = { fontSize: "14px", lineHeight: "22px", color: MUTED, margin: "0 0 6px" };

function rule(colour: string): CSSProperties {
  return { borderTop: `3px solid ${colour}`, margin: "16px 0 24px" };
}

function link(colour: string): CSSProperties {
  return { color: colour, textDecorationLine: "underline", overflowWrap: "anywhere", wordBreak: "break-word" };
}

function button(colour: string): CSSProperties {
  return { backgroundColor: colour, color: "#ffffff", fontSize: "16px", fontWeight: 600, borderRadius: "6px", padding: "12px 20px" };
}

const code: CSSProperties = {
  fontFamily: CODE_FONTS,
  fontSize: "32px",
  lineHeight: "40px",
  fontWeight: 700,
  letterSpacing: "0.3em",
  color: TEXT,
  backgroundColor: PAGE,
  border: `1px solid ${BORDER}`,
  borderRadius: "6px",
  padding: "12px 16px",
  margin: "0 0 16px",
  textAlign: "center",
};

function Line({ parts, colour }: { parts: readonly Inline[]; colour: string }) {
  return (
    <>
      {parts.map((part, index) =>
        part.kind === "text" ? (
          part.text
        ) : (
          <Link key={index} href={part.href} style={link(colour)}>
            {part.href}
          </Link>
        ),
      )}
    </>
  );
}

function Block({ block, colour }: { block: EmailBlock; colour: string }) {
  if (block.kind === "code") return <Text style={code}>{block.code}</Text>;
  if (block.kind === "button") {
    return (
      <Section style={{ margin: "4px 0 20px" }}>
        <Button href={block.href} style={button(colour)}>
          {block.label}
        </Button>
      </Section>
    );
  }
  return (
    <Text style={paragraph}>
      {block.lines.map((parts, index) => (
        <span key={index}>
          {index > 0 ? <br /> : null}
          <Line parts={parts} colour={colour} />
        </span>
      ))}
    </Text>
  );
}

/** The host of a website's address, as its link's words ("gracechurch.org"). */
function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, "");
  } catch {
    return url;
  }
}

function Footer({ church, locale }: { church: EmailChurch; locale: AppLocale }) {
  const t = translatorFor(locale, "Email");
  const ways: ReactNode[] = [];
  const contactEmail = church.contactEmail;
  if (contactEmail) {
    ways.push(
      t.rich("template.questions", {
        email: () => (
          <Link href={`mailto:${contactEmail}`} style={link(church.colour)}>
            {contactEmail}
          </Link>
        ),
      }),
    );
  }
  if (church.websiteUrl) {
    ways.push(
      <Link href={church.websiteUrl} style={link(church.colour)}>
        {hostOf(church.websiteUrl)}
      </Link>,
    );
  }
  if (church.privacyUrl) {
    ways.push(
      <Link href={church.privacyUrl} style={link(church.colour)}>
        {t("template.privacy")}
      </Link>,
    );
  }
  return (
    <Section>
      <Hr style={{ borderTop: `1px solid ${BORDER}`, margin: "8px 0 16px" }} />
      <Text style={{ ...small, color: TEXT, fontWeight: 600 }}>{church.name}</Text>
      {ways.length > 0 ? (
        <Text style={small}>
          {ways.map((way, index) => (
            <span key={index}>
              {index > 0 ? " · " : null}
              {way}
            </span>
          ))}
        </Text>
      ) : null}
    </Section>
  );
}

export function ChurchEmail({ church, heading, preview, blocks, locale }: ChurchEmailProps) {
  return (
    <Html lang={locale} dir={directionOf(locale)}>
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{heading}</title>
      </Head>
      <Body style={body}>
        <Preview>{preview}</Preview>
        <Container style={card}>
          <Section>
            {church.logoUrl ? (
              <Img src={church.logoUrl} alt={church.name} height="48" style={{ height: "48px", width: "auto", maxWidth: "100%" }} />
            ) : (
              <Text style={{ fontSize: "20px", lineHeight: "28px", fontWeight: 700, color: church.colour, margin: 0 }}>{church.name}</Text>
            )}
          </Section>
          <Hr style={rule(church.colour)} />
          <Heading as="h1" style={{ fontSize: "22px", lineHeight: "30px", fontWeight: 700, color: TEXT, margin: "0 0 16px" }}>
            {heading}
          </Heading>
          {blocks.map((block, index) => (
            <Block key={index} block={block} colour={church.colour} />
          ))}
          <Footer church={church} locale={locale} />
        </Container>
      </Body>
    </Html>
  );
}
