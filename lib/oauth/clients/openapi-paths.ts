import type { ZodOpenApiPathsObject } from "zod-openapi";
import { identityError, jsonResponse } from "../../openapi/responses.ts";
import { BODY_400, LIST_400, idPath, staffOperation } from "../../openapi/staff-operations.ts";
import {
  AdminClientPageSchema,
  AdminClientSchema,
  AdminClientWithSecretSchema,
  adminClientsQuerySchema,
  createClientBodySchema,
  updateClientBodySchema,
} from "./staff-schemas.ts";

/** The OpenAPI entries of registered OAuth clients as staff manage them (docs/decisions/0017), spread into the document's paths by lib/openapi/document.ts. */

const clientPath = idPath("The client_id.");

export const staffClientPaths = {
  "/api/v1/admin/clients": {
    get: staffOperation("clients:read", "adminListClients", "Registered OAuth clients", "`q` matches the client id or name. Never a secret or its hash.", { "200": jsonResponse("One page of clients.", AdminClientPageSchema), "400": LIST_400 }, {
      query: adminClientsQuerySchema,
    }),
    post: staffOperation(
      "clients:write",
      "adminCreateClient",
      "Register a client",
      "A confidential client gets a random secret, answered in `client_secret` this once and stored only hashed. `first_party: true` (the church's own app: no consent screen, account control and staff scopes allowed) needs `roles:write` too, which only administrators hold (else 403 `missing permission roles:write`); afterwards a first-party client is changed with `npm run clients:register` only.",
      {
        "201": jsonResponse("The new client with its secret.", AdminClientWithSecretSchema),
        "400": BODY_400(", `grant_types: client_credentials needs a confidential client`, `scopes.0: staff is for the church’s own (first-party) apps only`"),
      },
      { body: createClientBodySchema },
    ),
  },
  "/api/v1/admin/clients/{id}": {
    get: staffOperation("clients:read", "adminGetClient", "One registered client", "", { "200": jsonResponse("The client.", AdminClientSchema), "404": identityError("`not_found`: `client not found`.") }, { path: clientPath }),
    patch: staffOperation(
      "clients:write",
      "adminUpdateClient",
      "Change a client's settings, or a check-in kiosk's campus networks",
      "Takes effect on the next authorization request (the token endpoint: within 5 seconds, its client cache). " +
        "`allowed_networks` is only for a check-in kiosk's client (one bound to a campus, `check_in_campus`), and is the one field that may be changed on it although it is first-party: " +
        "a body holding only `allowed_networks` is taken for it. Its device grant then starts only from those networks (`unauthorized_client` at /oauth/device_authorization), " +
        "its tokens are fetched and refreshed only from them (`unauthorized_client` at /oauth/token), and its access tokens work only from them (403 `forbidden` on /api/v1). " +
        "An empty list: anywhere.",
      {
        "200": jsonResponse("The client.", AdminClientSchema),
        "400": BODY_400(
          ", an empty body, `allowed_networks.0: must be an IP address or a CIDR range such as 203.0.113.0/24 or 2001:db8:5::/48 (not /0: leave the list empty for anywhere)`, or `allowed_networks: only a check-in kiosk's app can be limited to its campus's networks`",
        ),
        "404": identityError("`not_found`: `client not found`."),
        "409": identityError("`conflict`: `first-party clients are managed with npm run clients:register` (any other field of a first-party client)."),
      },
      { path: clientPath, body: updateClientBodySchema },
    ),
  },
  "/api/v1/admin/clients/{id}/rotate-secret": {
    post: staffOperation(
      "clients:write",
      "adminRotateClientSecret",
      "Give a confidential client a new secret",
      "No body. The new secret is answered this once and works at once; the old one stops working within 5 seconds (the token endpoint keeps clients for 5 s, decision 0008).",
      {
        "200": jsonResponse("The client with its new secret.", AdminClientWithSecretSchema),
        "404": identityError("`not_found`: `client not found`."),
        "409": identityError("`conflict`: `a public client has no secret`, or a first-party client."),
      },
      { path: clientPath },
    ),
  },
  "/api/v1/admin/clients/{id}/disable": {
    post: staffOperation(
      "clients:write",
      "adminDisableClient",
      "Disable a client",
      "No body. Its grants are revoked at once (refresh tokens die, access tokens stop working on these routes); it can no longer authorize, and the token endpoint refuses it within 5 seconds (its client cache, decision 0008). Again: the same 200.",
      { "200": jsonResponse("The disabled client.", AdminClientSchema), "404": identityError("`not_found`: `client not found`."), "409": identityError("`conflict`: a first-party client.") },
      { path: clientPath },
    ),
  },
} satisfies ZodOpenApiPathsObject;
