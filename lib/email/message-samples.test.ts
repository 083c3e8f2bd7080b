import { beforeAll, describe, expect, it, vi } from "vitest";
import { churchOf } from "../church-settings/church.ts";
import { CHURCH_NAME_SLOT } from "../church-settings/church.ts";
import { SECURITY_NOTICE_KINDS } from "../security-notices/notice-messages.ts";
import { emailSample, emailSamples, SAMPLE_CODE, textMessageSamples } from "./message-samples.ts";
import { renderEmail } from "./render-email.ts";
import { LOCALES } from "../kernel/locales.ts";
import { messagesOf } from "../i18n/messages.ts";

const BASE = "http://localhost:3000";
const NOW = new Date("2026-03-02T10:00:00Z");

beforeAll(() => {
  // The builders' links read BASE_URL (lib/accounts/account-messages.ts `link()`).
  vi.stubEnv("APP_SECRET", "unit-test-secret-0123456789abcdef0123456789");
  vi.stubEnv("BASE_URL", BASE);
});

describe("the staff page's samples", () => {
  it("list every email once, security notices included, each an email with the church's name filled in", () => {
    const samples = emailSamples("Grace Harbor Church", "Europe/London", NOW);
    const kinds = samples.map((sample) => sample.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const kind of SECURITY_NOTICE_KINDS) expect(kinds).toContain(`security-${kind.replaceAll("_", "-")}`);
    for (const { kind, message } of samples) {
      expect(kind).toMatch(/^[a-z0-9-]+$/);
      expect(message.channel).toBe("email");
      expect(message.subject).toMatch(/ · Grace Harbor Church$/);
      expect(`${message.subject}${message.body}`).not.toContain(CHURCH_NAME_SLOT);
    }
    expect(emailSample("sign-in-code", "Grace Harbor Church", "Europe/London", NOW)?.message.body).toContain(`Your code to sign in is: ${SAMPLE_CODE}`);
    expect(emailSample("nothing-like-this", "Grace Harbor Church", "Europe/London", NOW)).toBeNull();
  });

  it("have the staff page's words, what each is and when it is sent, in every language, and come in each", () => {
    const kinds = [...emailSamples("Grace Harbor Church", "Europe/London", NOW), ...textMessageSamples("Grace Harbor Church")].map((sample) => sample.kind);
    for (const locale of LOCALES) {
      const samples = messagesOf(locale).AdminEmails.samples as Record<string, { title: string; when: string } | undefined>;
      expect(Object.keys(samples).sort()).toEqual([...kinds].sort());
    }
    const spanish = emailSample("sign-in-code", "Grace Harbor Church", "Europe/London", NOW, "es")?.message;
    expect(spanish).toMatchObject({ locale: "es", subject: "Su código para iniciar sesión · Grace Harbor Church" });
    expect(textMessageSamples("Grace Harbor Church", "es")[0]?.message.body).toMatch(/^Grace Harbor Church: 123456 es su código/);
  });

  it("list the text messages, which are SMS", () => {
    for (const { message } of textMessageSamples("Grace Harbor Church")) {
      expect(message.channel).toBe("sms");
      expect(message.body).not.toContain(CHURCH_NAME_SLOT);
    }
  });

  it("show every code large in the template and every own link as a link or button", async () => {
    const church = { ...churchOf(undefined), name: "Grace Harbor Church" };
    for (const { message } of emailSamples(church.name, "Europe/London", NOW)) {
      const { html, text } = await renderEmail({ subject: message.subject!, body: message.body }, church, BASE);
      expect(text).toBe(message.body);
      if (message.body.includes(SAMPLE_CODE)) expect(html).toMatch(new RegExp(`letter-spacing:0\\.3em[^"]*">${SAMPLE_CODE}</p>`));
      for (const address of message.body.match(/http:\/\/localhost:3000\/[^\s]*[^\s.]/g) ?? []) expect(html).toContain(`href="${address}"`);
      expect(html).not.toContain("— Grace Harbor Church");
    }
  });
});
