import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { churchOf, type Church } from "../church-settings/church.ts";
import { DEFAULT_BRAND_COLOUR } from "../church-settings/brand-colour.ts";
import { emailBlocks, headingOf, previewLine } from "./email-content.ts";
import { renderEmail } from "./render-email.ts";
import { signInCodeEmail } from "../sign-in/sign-in-code-messages.ts";
import { passwordChangedEmail } from "../password-reset/password-reset-messages.ts";
import { withChurchName } from "../church-settings/church.ts";

const BASE = "https://portal.grace.example";

function church(overrides: Partial<Church> = {}): Church {
  return { ...churchOf(undefined), name: "Grace Harbor Church", ...overrides };
}

const branded = church({
  brandColour: "#7A1F3D",
  logoPath: "/branding/logo/0123abcd.png",
  contactEmail: "office@grace.example",
  websiteUrl: "https://www.grace.example/",
  privacyUrl: "https://www.grace.example/privacy",
});

/** What `email()` (lib/accounts/account-messages.ts) stores, the church's name filled in. */
function stored(lines: string[]): string {
  return `${lines.join("\n")}\n\n— Grace Harbor Church\n`;
}

const codeEmail = {
  subject: "Your sign-in code · Grace Harbor Church",
  body: stored([
    "Hello Jane,",
    "",
    "Your code to sign in is: 123456",
    "",
    "Type it on the sign-in page that asked for it. It works for 10 minutes, in that browser only.",
    `If you did not try to sign in, you can review your account's activity at ${BASE}/account/security.`,
  ]),
};

/** The text of the HTML without its tags, entities decoded: what a reader sees. */
function visible(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ");
}

describe("renderEmail", () => {
  // The builders write absolute links: the app's configuration must load.
  beforeAll(() => {
    vi.stubEnv("APP_SECRET", "unit-test-secret-0123456789abcdef0123456789");
    vi.stubEnv("BASE_URL", BASE);
  });
  afterAll(() => vi.unstubAllEnvs());

  it("speaks the message's own language: its lang, the footer's words and a button's default words (issue 41)", async () => {
    const spanish = signInCodeEmail("jane@example.org", "Jane", "123456", "es");
    expect(spanish.locale).toBe("es");
    const { html } = await renderEmail(
      { subject: withChurchName(spanish.subject!, "Grace Harbor Church"), body: withChurchName(spanish.body, "Grace Harbor Church"), locale: spanish.locale },
      branded,
      BASE,
    );
    expect(html).toMatch(/<html[^>]* lang="es"/);
    expect(html).toContain("<title>Su código para iniciar sesión</title>");
    expect(visible(html)).toContain("¿Preguntas? Escriba a office@grace.example");
    expect(visible(html)).toContain("Cómo cuidamos sus datos");
    // The code stands alone, large, as in English: "…es: 123456" leads into it.
    expect(visible(html)).toMatch(/Su código para iniciar sesión es: 123456/);
    const preview = /data-skip-in-text="true">([^<]*)</.exec(html)?.[1];
    expect(preview).not.toContain("123456");
    expect(preview).not.toMatch(/^Hola/);

    const changed = passwordChangedEmail("jane@example.org", "Jane", "es");
    const button = await renderEmail({ subject: changed.subject!, body: `Hola:\n\nAbra la página:\n${BASE}/account/security\n`, locale: "es" }, branded, BASE);
    expect(visible(button.html)).toContain("Abra la página");
    const bare = await renderEmail({ subject: changed.subject!, body: `Hola:\n\n${BASE}/account/security\n`, locale: "es" }, branded, BASE);
    expect(visible(bare.html)).toContain(" Abrir ");
  });

  it("keeps the plain text exactly as stored", async () => {
    const { text } = await renderEmail(codeEmail, branded, BASE);
    expect(text).toBe(codeEmail.body);
  });

  it("writes a whole, accessible HTML document: language, title, a preview line that never holds the code", async () => {
    const { html } = await renderEmail(codeEmail, branded, BASE);
    expect(html.startsWith("<!DOCTYPE html")).toBe(true);
    expect(html).toMatch(/<html[^>]* lang="en"/);
    expect(html).toContain("<title>Your sign-in code</title>");
    const preview = /data-skip-in-text="true">([^<]*)</.exec(html)?.[1];
    expect(preview).toBe("Type it on the sign-in page that asked for it. It works for 10 minutes, in that browser only. If you did not try to sign in, you can review your…");
    expect(preview).not.toContain("123456");
  });

  it("shows a member's words as text, never as HTML", async () => {
    const { html } = await renderEmail(
      { subject: "A place at <b>Supper</b> · Grace Harbor Church", body: stored(['Hello <img src=x onerror="alert(1)">,', "", "Bring <script>alert(1)</script> & friends."]) },
      church({ name: "Grace <i>Harbor</i>" }),
      BASE,
    );
    expect(html).not.toMatch(/<img src=x|<script>|<b>Supper|<i>Harbor/);
    expect(html).toContain("Hello &lt;img src=x onerror=&quot;alert(1)&quot;&gt;,");
    expect(html).toContain("Bring &lt;script&gt;alert(1)&lt;/script&gt; &amp; friends.");
    expect(visible(html)).toContain("Grace <i>Harbor</i>");
  });

  it("makes addresses links that show where they go, the sentence's full stop left outside", async () => {
    const { html } = await renderEmail(codeEmail, branded, BASE);
    expect(html).toMatch(new RegExp(`<a href="${BASE}/account/security" style="[^"]*color:#7a1f3d[^"]*"[^>]*>${BASE}/account/security</a>\\.`));
  });

  it("shows a one-time code large and letter-spaced, apart from the words that lead to it", async () => {
    const { html } = await renderEmail(codeEmail, branded, BASE);
    expect(html).toMatch(/<p style="[^"]*font-size:32px[^"]*letter-spacing:0\.3em[^"]*">123456<\/p>/);
    expect(visible(html)).toContain("Your code to sign in is: 123456");
  });

  it("makes our own address alone on a line a button in the brand colour, named by the line before it", async () => {
    const { html } = await renderEmail({ subject: "Welcome", body: stored(["Hello Jane,", "", "Sign in:", `${BASE}/sign-in`]) }, branded, BASE);
    expect(html).toMatch(new RegExp(`<a href="${BASE}/sign-in" style="[^"]*background-color:#7a1f3d;color:#ffffff[^"]*"[^>]*>.*?Sign in</span>`));
    expect(visible(html)).not.toContain("Sign in:");
  });

  it("names a button Open when the line before says nothing short, and never hides another site's address behind one", async () => {
    const { html } = await renderEmail(
      { subject: "Links", body: stored(["Please have a look, when you have a moment, at this:", `${BASE}/calendar`, "", "Elsewhere:", "https://elsewhere.example/page"]) },
      branded,
      BASE,
    );
    expect(html).toMatch(/background-color:#7a1f3d;color:#ffffff[^>]*>.*?Open<\/span>/);
    expect(html).toContain(">https://elsewhere.example/page</a>");
    expect(html.match(/background-color:#7a1f3d;color:#ffffff/g)).toHaveLength(1);
  });

  it("makes a short label and our address on one line a button, and leaves a sentence's address a link", async () => {
    const { html } = await renderEmail(
      {
        subject: "You already have an account · Grace Harbor Church",
        body: stored([`Sign in: ${BASE}/sign-in`, `Forgot your password? Choose a new one: ${BASE}/forgot-password`]),
      },
      branded,
      BASE,
    );
    expect(html).toMatch(new RegExp(`<a href="${BASE}/sign-in" style="[^"]*background-color:#7a1f3d`));
    expect(html).toContain(`Forgot your password? Choose a new one: <a href="${BASE}/forgot-password"`);
  });

  it("moves the signature into the footer instead of repeating it", async () => {
    const { html } = await renderEmail(codeEmail, church(), BASE);
    expect(visible(html)).not.toContain("— Grace Harbor Church");
    expect(visible(html).match(/Grace Harbor Church/g)).toHaveLength(2); // the name at the top (no logo), the footer
  });

  it("shows the church's logo, colour and ways to reach it", async () => {
    const { html } = await renderEmail(codeEmail, branded, BASE);
    expect(html).toContain(`<img alt="Grace Harbor Church" height="48" src="${BASE}/branding/logo/0123abcd.png"`);
    expect(html).toContain("border-top:3px solid #7a1f3d");
    expect(html).toMatch(/href="mailto:office@grace\.example"[^>]*>office@grace\.example<\/a>/);
    expect(html).toMatch(/href="https:\/\/www\.grace\.example\/"[^>]*>grace\.example<\/a>/);
    expect(html).toMatch(/href="https:\/\/www\.grace\.example\/privacy"[^>]*>How we look after your details<\/a>/);
  });

  it("shows the name instead of a logo, and no contact line, when the church has set none", async () => {
    const { html } = await renderEmail(codeEmail, church(), BASE);
    expect(html).not.toContain("<img");
    expect(html).not.toContain("mailto:");
    expect(html).not.toContain("Questions?");
    expect(html).not.toContain("How we look after your details");
    expect(html).toContain(`color:${DEFAULT_BRAND_COLOUR}`);
  });

  it("falls back to the portal's own colour when the saved one would not read", async () => {
    const { html } = await renderEmail(codeEmail, church({ brandColour: "#ffff00" }), BASE);
    expect(html).not.toContain("#ffff00");
    expect(html).toContain(`border-top:3px solid ${DEFAULT_BRAND_COLOUR}`);
  });

  it("links only web addresses in the footer", async () => {
    const { html } = await renderEmail(codeEmail, church({ websiteUrl: "javascript:alert(1)", privacyUrl: "data:text/html,hi" }), BASE);
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("data:text");
  });
});

describe("emailBlocks", () => {
  it("makes paragraphs of blank-line-separated blocks and keeps single newlines as line breaks", () => {
    expect(emailBlocks("One\ntwo\n\n\nThree\n", BASE)).toEqual([
      { kind: "paragraph", lines: [[{ kind: "text", text: "One" }], [{ kind: "text", text: "two" }]] },
      { kind: "paragraph", lines: [[{ kind: "text", text: "Three" }]] },
    ]);
  });

  it("finds the code in the membership email's wording", () => {
    expect(emailBlocks("Someone asked.\nIf that was you, your code is: 654321\n\n— Grace\n", BASE)).toEqual([
      { kind: "paragraph", lines: [[{ kind: "text", text: "Someone asked." }], [{ kind: "text", text: "If that was you, your code is:" }]] },
      { kind: "code", code: "654321" },
    ]);
  });

  it("does not take a number inside a sentence for a code", () => {
    expect(emailBlocks("Call 123456 today", BASE)).toEqual([{ kind: "paragraph", lines: [[{ kind: "text", text: "Call 123456 today" }]] }]);
  });

  it("keeps a signature-like line that is not the last", () => {
    expect(emailBlocks("— not a signature\n\nThe end.", BASE)).toHaveLength(2);
  });
});

describe("the heading and preview line", () => {
  it("drop the church's name from the subject, and only the church's name", () => {
    expect(headingOf("Your sign-in code · Grace Harbor Church", "Grace Harbor Church")).toBe("Your sign-in code");
    expect(headingOf("Test · Other", "Grace Harbor Church")).toBe("Test · Other");
  });

  it("skips the greeting and the words before a code", () => {
    const blocks = emailBlocks("Hello Jane,\n\nYour code is: 123456\n\nIt works for 10 minutes.", BASE);
    expect(previewLine(blocks, "fallback")).toBe("It works for 10 minutes.");
    expect(previewLine(emailBlocks("Hello Jane,", BASE), "fallback")).toBe("fallback");
  });
});
