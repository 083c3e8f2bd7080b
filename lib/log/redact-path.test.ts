import { describe, expect, it } from "vitest";
import { REDACTED, redactPath, SECRET_PATH_TEMPLATES } from "./redact-path.ts";

// Every log line's path goes through redactPath (json-log.ts). A route with a credential in its URL adds its
// template to SECRET_PATH_TEMPLATES and a row here.
const TOKEN = "Qm9vWm9vLXRoaXMtaXMtYS10b2tlbi1vZi00My1jaGFycw";

describe("redactPath", () => {
  it.each([
    [`/api/calendar/mine/${TOKEN}.ics`, "/api/calendar/mine/[redacted].ics"],
    [`/api/calendar/mine/${TOKEN}`, "/api/calendar/mine/[redacted]"],
    // As loosely as a router might read it: case, repeated slashes, percent-encoded letters, a trailing slash.
    [`/API/Calendar/MINE/${TOKEN}.ICS`, "/API/Calendar/MINE/[redacted].ics"],
    [`//api//calendar/mine/${TOKEN}.ics`, "/api/calendar/mine/[redacted].ics"],
    [`/api/calendar/min%65/${TOKEN}.ics`, "/api/calendar/min%65/[redacted].ics"],
    [`/api/calendar/mine/${TOKEN}%2Eics`, "/api/calendar/mine/[redacted].ics"],
    [`/api/calendar/mine/${TOKEN}.ics/`, "/api/calendar/mine/[redacted].ics"],
    // Whatever follows the secret goes too: a mistyped address may have moved it along.
    [`/api/calendar/mine/x/${TOKEN}.ics`, "/api/calendar/mine/[redacted]/[redacted]"],
    // Malformed escapes are compared as written, and still redacted.
    [`/api/calendar/mine/%E0%A4%A${TOKEN}.ics`, "/api/calendar/mine/[redacted].ics"],
  ])("%s is logged as %s", (path, logged) => {
    expect(redactPath(path)).toBe(logged);
    expect(redactPath(path)).not.toContain(TOKEN);
  });

  it.each(["/api/calendar/mine", "/api/calendar/mine/", "/api/calendar/events/upcoming", "/api/v1/users/me/schedule-feed", "/calendar/mine", "/", "portal relay: the identity API did not answer"])(
    "leaves %s alone",
    (path) => {
      expect(redactPath(path)).toBe(path);
    },
  );

  it("has one secret segment in every template", () => {
    for (const template of SECRET_PATH_TEMPLATES) expect(template.split("/").filter((segment) => segment === "{secret}")).toHaveLength(1);
    expect(REDACTED).toBe("[redacted]");
  });
});
