import { describe, expect, it } from "vitest";
import { pageContentSecurityPolicy } from "@/lib/http/security-headers";
import { previewAnswer, previewRefusal } from "./preview-answer";

const BASE = "https://church.example.org";
const page = (pathname: string) => pageContentSecurityPolicy({ nonce: "bm9uY2U=", baseUrl: BASE, assetUrl: BASE, development: false, pathname });
const PREVIEW_POLICY = "default-src 'none'; img-src data: https://church.example.org; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox";

describe("the email previews' answers", () => {
  it("allow an email's inline styles and our images, and nothing else: no script, framed by our own pages only", () => {
    const answer = previewAnswer("<!DOCTYPE html><html></html>", BASE);
    expect(answer.headers.get("Content-Security-Policy")).toBe(PREVIEW_POLICY);
    expect(answer.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(previewRefusal(403, "No.", BASE).headers.get("Content-Security-Policy")).toBe(PREVIEW_POLICY);
  });

  it("get the same policy from the pages' proxy, which answers first", () => {
    expect(page("/admin/emails/preview/sign-in-code")).toBe(PREVIEW_POLICY);
    expect(page("/admin/emails/preview/outbox/5d0c7a43-2a39-4a0e-9f4e-3f1f3f1f3f1f")).toBe(PREVIEW_POLICY);
  });

  it("may be framed by every page, which frame nothing else (a page keeps its first document's policy while the app navigates)", () => {
    for (const pathname of ["/admin/emails", "/dev/outbox", "/admin", "/account", "/calendar"]) {
      expect(page(pathname)).toContain("; frame-src https://church.example.org/admin/emails/preview/;");
    }
    expect(page("/admin/emails")).toContain("style-src 'self';");
  });
});
