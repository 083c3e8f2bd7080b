import { describe, expect, it } from "vitest";
import { ageInWords, operatorProblemWords, type Instruction } from "./operator-problem-words.ts";

// The operator problems in a church administrator's words: each says what is wrong and what to do.
const NOW = new Date("2030-05-01T12:00:00Z");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ago = (milliseconds: number) => new Date(NOW.getTime() - milliseconds);
const plain = (todo: Instruction) => todo.map((part) => (typeof part === "string" ? part : part.code)).join("");

describe("ageInWords", () => {
  it.each([
    [20_000, "less than a minute"],
    [MINUTE, "1 minute"],
    [59 * MINUTE, "59 minutes"],
    [HOUR, "1 hour"],
    [47 * HOUR + 59 * MINUTE, "47 hours"],
    [2 * DAY, "2 days"],
    [91 * DAY + 5 * HOUR, "91 days"],
  ])("%i ms is %s", (milliseconds, words) => {
    expect(ageInWords(milliseconds, "en")).toBe(words);
  });

  it("says it in Spanish too", () => {
    expect([20_000, MINUTE, 3 * HOUR, 2 * DAY].map((milliseconds) => ageInWords(milliseconds, "es"))).toEqual(["menos de un minuto", "1 minuto", "3 horas", "2 días"]);
  });
});

describe("operatorProblemWords", () => {
  it("says email is not set up, counting the emails waiting when there are some, and names the setting", () => {
    const none = operatorProblemWords({ kind: "email_not_configured", emailsWaiting: 0, oldestWaitingSince: null }, NOW, "en");
    expect(none).toMatchObject({ title: "Email sending is not set up" });
    expect(none.count).toBeUndefined();
    expect(plain(none.todo)).toBe("Add your church’s mail server under Email sending in the church settings (or ask whoever runs the church’s server to set SMTP_URL).");
    expect(none.href).toBe("/admin/settings#email-sending");
    expect(operatorProblemWords({ kind: "email_not_configured", emailsWaiting: 3, oldestWaitingSince: ago(2 * DAY) }, NOW, "en")).toMatchObject({
      count: 3,
      title: "Emails not sent",
      text: "Email sending is not set up, so sign-in codes and notices stay on the server and reach no one. The oldest has waited 2 days.",
    });
  });

  it("counts the late and given-up messages with their ages, and says how to get them moving", () => {
    const both = operatorProblemWords({ kind: "outbox_backlog", late: 2, oldestLateSince: ago(3 * HOUR), givenUp: 4, latestGivenUpAt: ago(2 * DAY) }, NOW, "en");
    expect(both).toMatchObject({
      count: 6,
      title: "Messages not sent",
      text: "2 emails or texts have been waiting more than 15 minutes, the oldest for 3 hours, and 4 could not be sent after 5 tries in the past 7 days, the latest 2 days ago. Members may be missing sign-in codes and notices.",
    });
    expect(plain(both.todo)).toContain("npm run outbox:deliver runs every minute");
    expect(operatorProblemWords({ kind: "outbox_backlog", late: 1, oldestLateSince: ago(20 * MINUTE), givenUp: 0, latestGivenUpAt: null }, NOW, "en").text).toBe(
      "1 email or text has been waiting for 20 minutes. Members may be missing sign-in codes and notices.",
    );
    expect(operatorProblemWords({ kind: "outbox_backlog", late: 0, oldestLateSince: null, givenUp: 1, latestGivenUpAt: ago(5 * HOUR) }, NOW, "en")).toMatchObject({
      count: 1,
      title: "Message not sent",
      text: "1 email or text could not be sent after 5 tries, 5 hours ago. Members may be missing sign-in codes and notices.",
    });
  });

  it("says the signing keys are due and what to run", () => {
    const keys = operatorProblemWords({ kind: "signing_keys_due", keysSince: ago(120 * DAY), rotationDays: 90 }, NOW, "en");
    expect(keys.text).toBe(
      "The keys that vouch for members’ sign-ins to other apps and websites were made 120 days ago. They should be replaced every 90 days, so that a copied key stops working.",
    );
    expect(keys.todo).toContainEqual({ code: "npm run keys:rotate" });
    expect(keys.todo).toEqual(["Ask whoever runs the church’s server to run ", { code: "npm run keys:rotate" }, ". Nobody is signed out."]);
  });

  it("says every problem in Spanish, with the same commands and settings as code", () => {
    const none = operatorProblemWords({ kind: "email_not_configured", emailsWaiting: 0, oldestWaitingSince: null }, NOW, "es");
    expect(none.title).toBe("El envío de correos no está configurado");
    expect(none.todo).toContainEqual({ code: "SMTP_URL" });
    const waiting = operatorProblemWords({ kind: "email_not_configured", emailsWaiting: 1, oldestWaitingSince: ago(5 * MINUTE) }, NOW, "es");
    expect(waiting).toMatchObject({ count: 1, title: "Correo sin enviar" });
    expect(waiting.text).toMatch(/Lleva 5 minutos esperando\.$/);
    const both = operatorProblemWords({ kind: "outbox_backlog", late: 2, oldestLateSince: ago(3 * HOUR), givenUp: 1, latestGivenUpAt: ago(2 * DAY) }, NOW, "es");
    expect(both.title).toBe("Mensajes sin enviar");
    expect(both.text).toBe(
      "2 correos o mensajes de texto llevan más de 15 minutos esperando, el más antiguo desde hace 3 horas, y 1 no se pudo enviar tras 5 intentos, hace 2 días. Puede que a algunos miembros les falten códigos de inicio de sesión y avisos.",
    );
    expect(both.todo.filter((part) => typeof part !== "string")).toEqual([{ code: "SMS_GATEWAY_URL" }, { code: "npm run outbox:deliver" }]);
    const keys = operatorProblemWords({ kind: "signing_keys_due", keysSince: ago(120 * DAY), rotationDays: 90 }, NOW, "es");
    expect(keys.text).toMatch(/^Las llaves .* hace 120 días\. Deben reemplazarse cada 90 días/);
    expect(keys.todo).toContainEqual({ code: "npm run keys:rotate" });
  });
});
