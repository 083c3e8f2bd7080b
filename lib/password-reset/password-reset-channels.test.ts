import { describe, expect, it } from "vitest";
import { passwordResetTarget, type ResettableAccount } from "./password-reset-channels.ts";

const PHONE = { id: "5f0c3c52-8a55-4f3b-9a39-3c4b1a2e7d10", channel: "phone" as const, value: "+14155550123" };
const MAIL = { id: "0c7b0d0e-2a4f-4c1e-8d6a-1f2e3d4c5b6a", channel: "email" as const, value: "jane.backup@mail.example.net" };
const account: ResettableAccount = { email: "jane@example.org", recoveryContacts: [PHONE, MAIL] };

describe("passwordResetTarget", () => {
  it("sends to the account's address by default", () => {
    expect(passwordResetTarget(account, { channel: "email" })).toEqual({ channel: "email", recipient: "jane@example.org", contact: null });
  });

  it("texts a phone contact and emails an email contact the member typed in full", () => {
    expect(passwordResetTarget(account, { channel: "recovery_contact", value: "+14155550123" })).toEqual({ channel: "sms", recipient: "+14155550123", contact: PHONE });
    expect(passwordResetTarget(account, { channel: "recovery_contact", value: "jane.backup@mail.example.net" })).toEqual({
      channel: "email",
      recipient: "jane.backup@mail.example.net",
      contact: MAIL,
    });
  });

  it("answers null for anything that is not one of the account's verified contacts", () => {
    expect(passwordResetTarget(account, { channel: "recovery_contact", value: "jane@example.org" })).toBeNull();
    expect(passwordResetTarget(account, { channel: "recovery_contact", value: "+14155550124" })).toBeNull();
    expect(passwordResetTarget({ ...account, recoveryContacts: [] }, { channel: "recovery_contact", value: "+14155550123" })).toBeNull();
  });
});
