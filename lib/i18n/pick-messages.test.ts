import { describe, expect, it } from "vitest";
import { pickMessages } from "./pick-messages.ts";

const messages = { Shell: { home: "Home" }, Account: { Profile: { title: "Profile" }, Security: { title: "Security" } }, Kiosk: { start: "Start" } };

describe("pickMessages", () => {
  it("keeps only the namespaces named, nested ones in their place", () => {
    expect(pickMessages(messages, ["Shell", "Account.Profile"])).toEqual({ Shell: { home: "Home" }, Account: { Profile: { title: "Profile" } } });
  });

  it("merges two parts of one namespace and skips an unknown one", () => {
    expect(pickMessages(messages, ["Account.Profile", "Account.Security", "Nowhere.At.All"])).toEqual({ Account: { Profile: { title: "Profile" }, Security: { title: "Security" } } });
  });
});
