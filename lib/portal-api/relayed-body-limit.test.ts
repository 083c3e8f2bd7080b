import { describe, expect, it } from "vitest";
import { adminUploadChurchLogo } from "../church-settings/endpoints.ts";
import { MAX_JSON_BODY_BYTES } from "../http/read-body.ts";
import { adminCreatePeopleImport } from "../people-import/endpoints.ts";
import { relayedBodyLimit } from "./relayed-body-limit.ts";

// The portal's relay reads as much of a body as the endpoint it reaches takes, and no more.
describe("relayedBodyLimit", () => {
  it("is an endpoint's own limit where it takes a larger body", () => {
    expect(relayedBodyLimit("PUT", "/api/v1/admin/settings/logo")).toBe(adminUploadChurchLogo.maxBodyBytes);
    expect(relayedBodyLimit("POST", "/api/v1/admin/people-imports?x=1")).toBe(adminCreatePeopleImport.maxBodyBytes);
  });

  it("is the JSON limit everywhere else, another method of the same path included", () => {
    expect(relayedBodyLimit("GET", "/api/v1/admin/people-imports")).toBe(MAX_JSON_BODY_BYTES);
    expect(relayedBodyLimit("PATCH", "/api/v1/admin/people-imports/00000000-0000-4000-8000-000000000001")).toBe(MAX_JSON_BODY_BYTES);
    expect(relayedBodyLimit("POST", "/api/v1/admin/people-imports/extra")).toBe(MAX_JSON_BODY_BYTES);
    expect(relayedBodyLimit("PATCH", "/api/v1/users/me")).toBe(MAX_JSON_BODY_BYTES);
  });
});
