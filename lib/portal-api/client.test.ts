import { describe, expect, it } from "vitest";
import { attachmentFileName } from "./client.ts";

describe("attachmentFileName", () => {
  it("reads the quoted file name of an attachment", () => {
    expect(attachmentFileName('attachment; filename="account-data-2026-11-21.json"', "data.json")).toBe("account-data-2026-11-21.json");
  });

  it("falls back when the header is missing, unquoted or names a path", () => {
    expect(attachmentFileName(null, "data.json")).toBe("data.json");
    expect(attachmentFileName("attachment", "data.json")).toBe("data.json");
    expect(attachmentFileName('attachment; filename="../etc/passwd"', "data.json")).toBe("data.json");
  });
});
