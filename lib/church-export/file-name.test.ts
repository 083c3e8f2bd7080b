import { describe, expect, it } from "vitest";
import { churchExportFileName } from "./file-name.ts";

describe("churchExportFileName", () => {
  const day = new Date("2030-01-02T23:59:59Z");

  it("is the church's name as a slug, -export-, and the day in UTC", () => {
    expect(churchExportFileName("St. Mary’s Église de Montréal", day)).toBe("st-mary-s-eglise-de-montreal-export-2030-01-02.zip");
    expect(churchExportFileName("  Grace   Harbor  ", day)).toBe("grace-harbor-export-2030-01-02.zip");
  });

  it("is `church` when no letter or digit is left, and never longer than a file system takes", () => {
    expect(churchExportFileName("教会", day)).toBe("church-export-2030-01-02.zip");
    expect(churchExportFileName(`${"a".repeat(59)} b`, day)).toBe(`${"a".repeat(59)}-export-2030-01-02.zip`);
    expect(churchExportFileName('"/\\<>', day)).toBe("church-export-2030-01-02.zip");
  });
});
