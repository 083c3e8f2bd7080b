import { describe, expect, it } from "vitest";
import { z } from "zod";
import { calendarEndpointOf, calendarEndpointRoutes, handleCalendar, privateCalendarEndpointRoutes } from "../../lib/http/calendar-endpoint-route.ts";
import { answerWith, endpointRoutes, handle, ENDPOINT } from "../../lib/http/endpoint-route.ts";
import { defineCalendarEndpoint } from "../../lib/openapi/calendar-endpoint.ts";
import { defineEndpoint, fillPath, operationKey, type BodyInputOf, type ParamsOf, type SuccessOf } from "../../lib/openapi/endpoint.ts";
import { endpointPaths } from "../../lib/openapi/endpoints.ts";
import { needsOf } from "../../lib/openapi/route-scopes.ts";
import { AREA_SCOPES } from "../../lib/oauth/scopes.ts";
import { oauthEndpointOf, oauthEndpointRoutes } from "../../lib/http/oauth-endpoint-route.ts";
import { authorizeEndpoint, OAUTH_ENDPOINTS, type OAuthEndpoint } from "../../lib/oauth/oauth-endpoints.ts";
import { AUTHORIZE_QUERY, definedRoutes, OAUTH_FORMS } from "./fuzz.ts";

/**
 * One definition per endpoint (docs/decisions/0032): an endpoint defined here, in a test, and nowhere else,
 * is described in OpenAPI, has its row of the scope table and of the hostile-input proof, makes its route
 * file's five verbs, and types its clients, without any of those being touched.
 */

const Child = z.object({ id: z.string(), given_name: z.string() });
const fixture = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/admin/fixtures/{id}/children/{childId}",
  operationId: "adminRenameFixtureChild",
  summary: "Rename a fixture's child",
  description: "Only in a test.",
  tags: ["admin"],
  access: { kind: "staff", permission: "families:write" },
  params: { id: "The fixture's id.", childId: "The child's id." },
  body: z.object({ given_name: z.string().min(1) }).strict(),
  success: { status: 200, description: "Renamed.", schema: Child },
  refusals: { "404": "`not_found`: `child not found`." },
});
const member = defineEndpoint({
  method: "GET",
  path: "/api/v1/users/me/fixtures",
  operationId: "listMyFixtures",
  summary: "The member's fixtures",
  description: "Only in a test.",
  tags: ["users"],
  access: { kind: "member", scope: AREA_SCOPES.family, permission: "profile:read" },
  success: { status: 200, description: "The fixtures.", schema: z.object({ fixtures: z.array(Child) }) },
});

describe("an endpoint defined once", () => {
  it("is an OpenAPI operation: its parameters, body, answers and refusals", () => {
    const operation = endpointPaths([fixture, member])["/api/v1/admin/fixtures/{id}/children/{childId}"]?.patch;
    expect(operation).toMatchObject({ operationId: "adminRenameFixtureChild", tags: ["admin"], description: "Needs permission `families:write`. Only in a test." });
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(["200", "401", "403", "404"]);
    const params = (operation?.requestParams?.path as z.ZodObject).shape;
    expect(Object.keys(params)).toEqual(["id", "childId"]);
    expect(operation?.requestBody).toMatchObject({ content: { "application/json": { schema: fixture.body } } });
    expect(JSON.stringify(operation?.responses?.["403"])).toContain("missing permission families:write");
  });

  it("documents the other statuses its answer may have and the headers a client reads; a handler answers only those", async () => {
    const recorded = defineEndpoint({
      ...member,
      method: "POST",
      operationId: "recordMyFixture",
      success: { status: 201, description: "Recorded.", schema: Child, also: { 200: "It was recorded already." }, headers: { "Content-Disposition": "Never, here." } },
    });
    const responses = endpointPaths([recorded])["/api/v1/users/me/fixtures"]?.post?.responses;
    expect(responses?.["200"]).toMatchObject({ description: "It was recorded already.", content: { "application/json": { schema: Child } } });
    expect(responses?.["201"]).toMatchObject({ description: "Recorded.", headers: { "Content-Disposition": { description: "Never, here." } } });
    const again = answerWith(recorded, 200, { id: "c", given_name: "Ada" });
    expect([again.status, await again.json()]).toEqual([200, { id: "c", given_name: "Ada" }]);
    expect(() => answerWith(member, 201, { fixtures: [] })).toThrow("GET /api/v1/users/me/fixtures does not answer 201");
  });

  it("is its row of the scope table", () => {
    expect(needsOf(fixture)).toEqual({ scope: "staff" });
    expect(needsOf(member)).toEqual({ scope: "account:family" });
  });

  it("is a route of the hostile-input proof, with the staff token and the proof's name for each hole, once it has a valid body", () => {
    const ids = { member: "m", admin: "a", staff: "s", child: "c", memberRecord: "r", teenRecord: "t" };
    expect(() => definedRoutes(ids, [fixture], {})).toThrow("PATCH /api/v1/admin/fixtures/{id}/children/{childId}: the hostile-input proof has no valid body for it");
    expect(definedRoutes(ids, [fixture, member], { adminRenameFixtureChild: { given_name: "Fuzz" } })).toEqual([
      { method: "PATCH", path: "/api/v1/admin/fixtures/{id}/children/{id}", scope: "staff", credential: "admin", body: { given_name: "Fuzz" } },
      { method: "GET", path: "/api/v1/users/me/fixtures", scope: "account:family", credential: "member" },
    ]);
  });

  it("makes its route file's five verbs: its own, and 405 with Allow for the rest", async () => {
    const verbs = endpointRoutes(handle(fixture, async ({ params, body }) => ({ id: params.childId, given_name: body.given_name })));
    expect((verbs.PATCH as unknown as Record<symbol, unknown>)[ENDPOINT]).toBe(fixture);
    const refused = await verbs.GET(new Request("http://localhost/api/v1/admin/fixtures/x/children/y"), { params: Promise.resolve({}) });
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("PATCH, OPTIONS");
    expect(await refused.json()).toEqual({ error: "method_not_allowed", error_description: "GET is not allowed here; use PATCH" });
  });

  it("types its clients: the path filled from its parameters, the body and the answer from its schemas", () => {
    const params: ParamsOf<typeof fixture> = { id: "f 1", childId: "c/2" };
    expect(fillPath(fixture.path, params)).toBe("/api/v1/admin/fixtures/f%201/children/c%2F2");
    expect(operationKey(fixture)).toBe("PATCH /api/v1/admin/fixtures/{id}/children/{childId}");
    // What does not compile is the point: checked by tsc, which type-checks this file.
    const body: BodyInputOf<typeof fixture> = { given_name: "Ada" };
    const answer: SuccessOf<typeof fixture> = { id: "c", given_name: body.given_name };
    expect(answer.given_name).toBe("Ada");
    // @ts-expect-error a parameter the path does not have
    const wrongParams: ParamsOf<typeof fixture> = { id: "f", child: "c" };
    // @ts-expect-error an answer of another endpoint's shape
    const wrongAnswer: SuccessOf<typeof fixture> = { fixtures: [] };
    expect([wrongParams, wrongAnswer]).toHaveLength(2);
  });
});

const calendarFixture = defineCalendarEndpoint({
  method: "GET",
  path: "/api/calendar/fixtures/{fixtureId}.ics",
  operationId: "getFixtureIcs",
  summary: "A fixture as iCalendar",
  tags: ["events"],
  audience: "public",
  params: z.object({ fixtureId: z.string().min(1) }),
  success: { description: "An iCalendar document.", file: "text/calendar" },
  refusals: { "404": "`fixture not found`." },
});

describe("a calendar operation defined once", () => {
  it("is an OpenAPI operation with the calendar's answers: 200, 304 for a public one, its refusals", () => {
    const operation = endpointPaths([], [calendarFixture])["/api/calendar/fixtures/{fixtureId}.ics"]?.get;
    expect(operation).toMatchObject({ operationId: "getFixtureIcs", tags: ["events"] });
    expect(operation?.security).toBeUndefined();
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(["200", "304", "404"]);
    expect(operation?.responses?.["200"]).toMatchObject({ content: { "text/calendar": {} } });
  });

  it("makes its route file's verbs: GET carrying its definition, the CORS preflight, and the calendar's 405 for the rest", async () => {
    const verbs = calendarEndpointRoutes(handleCalendar(calendarFixture, async ({ params }) => ({ body: params.fixtureId, contentType: "text/calendar" })));
    expect(Object.keys(verbs).sort()).toEqual(["DELETE", "GET", "OPTIONS", "PATCH", "POST", "PUT"]);
    expect(calendarEndpointOf(verbs.GET)).toBe(calendarFixture);
    const refused = await verbs.POST(new Request("http://localhost/api/calendar/fixtures/x.ics", { method: "POST" }));
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    expect(await refused.json()).toMatchObject({ error: true, statusCode: 405, message: "method POST is not allowed" });
    expect(verbs.OPTIONS().status).toBe(204);
    // A private one (the address is the credential) has no preflight: no other origin may read it.
    expect(() => privateCalendarEndpointRoutes(handleCalendar(calendarFixture, async () => ({ body: "", contentType: "text/calendar" })))).toThrow(/is public/);
  });
});

describe("the OAuth endpoints' definitions", () => {
  it("give every endpoint only ever posted to a form template in the hostile-input proof, naming only parameters the definition reads", () => {
    const formEndpoints = OAUTH_ENDPOINTS.filter((endpoint) => endpoint.methods.length === 1 && endpoint.methods[0] === "POST");
    expect(formEndpoints.length).toBe(5);
    expect(formEndpoints.filter((endpoint) => !OAUTH_FORMS.some((form) => form.endpoint === endpoint)).map((endpoint) => endpoint.path)).toEqual([]);
    for (const { endpoint, template } of OAUTH_FORMS) {
      expect(OAUTH_ENDPOINTS).toContain(endpoint);
      expect(Object.keys(template).filter((name) => !endpoint.parameters.includes(name)), endpoint.path).toEqual([]);
    }
    expect(Object.keys(AUTHORIZE_QUERY).filter((name) => !authorizeEndpoint.parameters.includes(name))).toEqual([]);
  });

  it("make a route file's verbs: its methods carrying the definition, RFC 6749's 405 for the rest", async () => {
    const fixture: OAuthEndpoint = { path: "/oauth/fixture", methods: ["POST"], summary: "Only in a test", answers: "json", parameters: ["token"] };
    const verbs = oauthEndpointRoutes(fixture, async () => Response.json({ ok: true }));
    expect(oauthEndpointOf(verbs.POST)).toBe(fixture);
    expect(oauthEndpointOf(verbs.GET)).toBeUndefined();
    const refused = await verbs.GET(new Request("http://localhost/oauth/fixture"));
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("POST, OPTIONS");
    expect(await refused.json()).toEqual({ error: "invalid_request", error_description: "GET is not allowed here; use POST" });
    // A browser endpoint's other methods go to our error page, as its other refusals.
    const browserVerbs = oauthEndpointRoutes({ ...fixture, answers: "browser", methods: ["GET"] }, async () => new Response(null, { status: 303 }));
    const browserRefused = await browserVerbs.DELETE(new Request("http://localhost/oauth/fixture", { method: "DELETE" }));
    expect([browserRefused.status, browserRefused.headers.get("location")]).toEqual([303, "/oauth/error?error=invalid_request"]);
  });
});
