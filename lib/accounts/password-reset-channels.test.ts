import { describe, expect, it } from "vitest";
import { passwordResetOptions, passwordResetTarget, passwordResetVia, type ResettableAccount } from "./password-reset-channels.ts";

const PHONE_ID = "5f0c3c52-8a55-4f3b-9a39-3c4b1a2e7d10";
const MAIL_ID = "0c7b0d0e-2a4f-4c1e-8d6a-1f2e3d4c5b6a";
const account: ResettableAccount = {
  email: "jane@example.org",
  recoveryContacts: [
    { id: PHONE_ID, channel: "phone", value: "+14155550123" },
    { id: MAIL_ID, channel: "email", value: "jane.backup@mail.example.net" },
  ],
};

describe("passwordResetVia", () => {
  it("reads an absent or `email` value as the account's address, anything else as a contact id", () => {
    expect(passwordResetVia(undefined)).toEqual({ channel: "email" });
    expect(passwordResetVia("email")).toEqual({ channel: "email" });
    expect(passwordResetVia(PHONE_ID)).toEqual({ channel: "recovery_contact", contactId: PHONE_ID });
  });
});

describe("passwordResetTarget", () => {
  it("sends to the account's address, which the code then proves", () => {
    expect(passwordResetTarget(account, { channel: "email" })).toEqual({ channel: "email", recipient: "jane@example.org", provesAccountEmail: true });
  });

  it("texts a phone contact and emails an email contact; neither proves the account's address", () => {
    expect(passwordResetTarget(account, { channel: "recovery_contact", contactId: PHONE_ID })).toEqual({
      channel: "sms",
      recipient: "+14155550123",
      provesAccountEmail: false,
    });
    expect(passwordResetTarget(account, { channel: "recovery_contact", contactId: MAIL_ID })).toEqual({
      channel: "email",
      recipient: "jane.backup@mail.example.net",
      provesAccountEmail: false,
    });
  });

  it("answers null for a contact the account does not have verified", () => {
    expect(passwordResetTarget(account, { channel: "recovery_contact", contactId: "00000000-0000-4000-8000-000000000000" })).toBeNull();
    expect(passwordResetTarget({ ...account, recoveryContacts: [] }, { channel: "recovery_contact", contactId: PHONE_ID })).toBeNull();
  });
});

describe("passwordResetOptions", () => {
  it("lists the account's address first, then each contact, all masked", () => {
    expect(passwordResetOptions(account)).toEqual([
      { via: "email", channel: "email", label: "j***@e***.org" },
      { via: PHONE_ID, channel: "phone", label: "+14*******23" },
      { via: MAIL_ID, channel: "email", label: "j***@m***.net" },
    ]);
  });
});
