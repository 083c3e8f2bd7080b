import { expect, test } from "@playwright/test";

test("GET /api/health answers ok while the database answers", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
  expect(response.headers()["cache-control"]).toBe("no-store");
});

test("GET /api/openapi.json describes the calendar routes in OpenAPI 3.1", async ({ request }) => {
  const response = await request.get("/api/openapi.json");
  expect(response.status()).toBe(200);
  const document = await response.json();
  expect(document.openapi).toBe("3.1.0");
  expect(Object.keys(document.paths)).toEqual(
    expect.arrayContaining([
      "/api/calendar/events/upcoming",
      "/api/calendar/events/upcoming.ics",
      "/api/calendar/events/{eventId}",
      "/api/calendar/events/{eventId}/calendar.ics",
    ]),
  );
  const schemas = document.components.schemas;
  for (const name of ["CalendarEvent", "UpcomingFeed", "EventDetail", "CalendarError", "EventLocation"]) expect(schemas).toHaveProperty(name);
  expect(schemas.CalendarEvent.properties.eventType.enum).toEqual([
    "SERVICE", "CONFERENCE", "COURSE", "SPECIAL_EVENT", "PRAYER_CAMPAIGN", "LIFE_GROUP", "CAMP", "WORKSHOP",
  ]);
  expect(schemas.CalendarError.required).toEqual(expect.arrayContaining(["error", "message", "statusCode"]));
  const limit = document.paths["/api/calendar/events/upcoming"].get.parameters.find((p: { name: string }) => p.name === "limit");
  expect(limit.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 10 });
});
