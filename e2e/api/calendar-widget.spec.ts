import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";

/**
 * The calendar widget's served files (docs/decisions/0028-calendar-widget.md): the script's size from the
 * bytes served, its caching and CORS; the iframe page's framing rules and that neither sets a cookie; every
 * other page keeps its frame protection. The widget itself is tested in Chromium in e2e/portal/calendar-widget.spec.ts.
 */

test("the script is under 20 KB compressed, cached briefly with an ETag, readable from any origin, cookie-free", async ({ request }) => {
  const response = await request.get("/embed/calendar.js", { headers: { Origin: "https://church.example" } });
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers["content-type"]).toMatch(/^(application|text)\/javascript/);
  const body = await response.body();
  expect(body.length).toBeGreaterThan(1000);
  expect(gzipSync(body, { level: 9 }).length).toBeLessThan(20 * 1024);
  expect(headers["cache-control"]).toBe("public, max-age=300, stale-while-revalidate=86400");
  expect(headers["access-control-allow-origin"]).toBe("*");
  expect(headers["set-cookie"]).toBeUndefined();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  const etag = headers["etag"];
  expect(etag).toBeTruthy();
  const again = await request.get("/embed/calendar.js", { headers: { "If-None-Match": etag! } });
  expect(again.status()).toBe(304);
});

test("the iframe page may be framed by any site, sets no cookie and needs no session", async ({ request }) => {
  const response = await request.get("/embed/calendar?view=month&type=SERVICE&accent-color=%23aa0000", { headers: { Cookie: "" } });
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers["content-type"]).toBe("text/html; charset=utf-8");
  expect(headers["set-cookie"]).toBeUndefined();
  // Old browsers obey X-Frame-Options even beside frame-ancestors: it must not be there to refuse the frame.
  expect(headers["x-frame-options"]).toBeUndefined();
  const policy = headers["content-security-policy"]!;
  expect(policy.split("; ")).toEqual(expect.arrayContaining(["frame-ancestors *", "script-src 'self'", "connect-src 'self'", "default-src 'none'"]));
  expect(headers["cache-control"]).toBe("public, max-age=300");
  const html = await response.text();
  expect(html).toContain('<script src="/embed/calendar.js" async></script>');
  expect(html).toContain('<church-calendar view="month" type="SERVICE" accent-color="#aa0000" link-target="_top"></church-calendar>');
});

const HOSTILE_QUERIES = [
  ["a script in a value", "/embed/calendar?heading=%3C%2Fscript%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E&audience=%22%3E%3Cimg%20src%3Dx%3E"],
  ["a colour that would break out of the stylesheet", "/embed/calendar?accent-color=red%3Bbackground%3Aurl(https%3A%2F%2Fevil.example)"],
  ["nonsense everywhere", "/embed/calendar?view=year&limit=1000&type=PICNIC&locale=%00&link-target=javascript%3A"],
] as const;

for (const [what, path] of HOSTILE_QUERIES) {
  test(`the iframe page escapes or leaves out ${what}`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const element = /<church-calendar[^]*?<\/church-calendar>/.exec(html)?.[0] ?? "";
    expect(element).not.toMatch(/<(script|img)/i);
    expect(element).not.toContain("url(");
    expect(element).not.toContain("javascript:");
    expect([...html.matchAll(/<script\b/g)]).toHaveLength(1);
  });
}

for (const path of ["/", "/calendar", "/embed", "/embed/calendarx", "/embed/calendar/extra", "/api/calendar/events/upcoming"]) {
  test(`${path} keeps its frame protection`, async ({ request }) => {
    const response = await request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });
}

test("the iframe page refuses other methods with a 405 page", async ({ request }) => {
  for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
    const response = await request.fetch("/embed/calendar?view=month", { method, data: "x" });
    expect(response.status()).toBe(405);
    expect(response.headers()["allow"]).toBe("GET, HEAD, OPTIONS");
    expect(response.headers()["content-type"]).toBe("text/html; charset=utf-8");
    expect(await response.text()).toContain(`${method} is not allowed here; use GET.`);
  }
});
