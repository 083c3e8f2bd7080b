import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, insertMember } from "../db/test-fixtures.ts";
import { updateChurchSettings } from "../church-settings/update-church-settings.ts";
import { updateChurchSettingsBodySchema } from "../church-settings/schemas.ts";
import { enqueueSecurityNotice } from "../security-notices/enqueue-security-notice.ts";
import { startEmailChange } from "../users/change-my-email.ts";
import { registerAccount } from "./register-account.ts";

const database = serviceTestDatabase();

const fresh = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.org`;
const messagesTo = (recipient: string) => database.prisma.outboxMessage.findMany({ where: { recipient }, select: { subject: true, body: true, locale: true } });
const savedLocaleOf = async (email: string) => (await database.prisma.user.findUniqueOrThrow({ where: { email }, select: { locale: true } })).locale;
const register = (email: string, locale: "en" | "es" | null) =>
  registerAccount(database, { givenName: "Rosa", familyName: "Díaz", email, password: "a long and unrelated passphrase", context: TEST_CONTEXT, locale });

describe("emails in their recipient's language (issue 41)", () => {
  it("sends the registration code in the page's language, and keeps a language other than the church's as the member's own", async () => {
    const spanish = fresh("rosa");
    await register(spanish, "es");
    const [code] = await messagesTo(spanish);
    expect(code).toMatchObject({ locale: "es", subject: expect.stringMatching(/^Confirme su correo electrónico · /) });
    expect(code!.body).toMatch(/^Hola, Rosa:\n\nSu código para confirmar este correo electrónico es: \d{6}\n/);
    expect(await savedLocaleOf(spanish)).toBe("es");

    const english = fresh("rose");
    await register(english, "en");
    const [englishCode] = await messagesTo(english);
    expect(englishCode).toMatchObject({ locale: "en", subject: expect.stringMatching(/^Confirm your email address · /) });
    // The church's own language is not a choice: the member follows the church's, whatever it becomes.
    expect(await savedLocaleOf(english)).toBeNull();
  });

  it("writes to a member in the language they chose, whoever acts, and in the church's when they chose none", async () => {
    const chose = await insertMember(database, { givenName: "Lucía" });
    await database.prisma.user.update({ where: { id: chose.id }, data: { locale: "es" } });
    const newAddress = fresh("lucia-new");
    await startEmailChange(database, chose.id, newAddress, TEST_CONTEXT);
    expect(await messagesTo(newAddress)).toEqual([expect.objectContaining({ locale: "es", subject: expect.stringMatching(/^Confirme su nuevo correo electrónico/) })]);

    const noChoice = await insertMember(database, { givenName: "Sam" });
    await enqueueSecurityNotice(database, { userId: noChoice.id, kind: "password_changed", context: TEST_CONTEXT });
    expect(await messagesTo(noChoice.email!)).toEqual([expect.objectContaining({ locale: "en", subject: expect.stringMatching(/^Your password was changed/) })]);
  });

  it("follows the church's own language, set in its settings, for members who chose none", async () => {
    await updateChurchSettings(database, updateChurchSettingsBodySchema.parse({ default_locale: "es" }));
    try {
      const member = await insertMember(database, { givenName: "Ana" });
      await enqueueSecurityNotice(database, { userId: member.id, kind: "new_device", context: TEST_CONTEXT });
      const [notice] = await messagesTo(member.email!);
      expect(notice).toMatchObject({ locale: "es", subject: expect.stringMatching(/^Nuevo inicio de sesión en su cuenta/) });
      expect(notice!.body).toContain("Si fue usted, no tiene que hacer nada.");

      // Registering in the church's language (now Spanish) saves no choice; in English, it does.
      const english = fresh("anne");
      await register(english, "en");
      expect(await savedLocaleOf(english)).toBe("en");
    } finally {
      await updateChurchSettings(database, updateChurchSettingsBodySchema.parse({ default_locale: null }));
    }
  });
});
