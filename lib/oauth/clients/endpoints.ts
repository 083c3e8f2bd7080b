import { defineEndpoint } from "../../openapi/endpoint.ts";
import { BODY_400, LIST_400 } from "../../openapi/staff-operations.ts";
import {
  AdminClientPageSchema,
  AdminClientSchema,
  AdminClientWithSecretSchema,
  CAMPUS_ONLY_FOR_KIOSKS,
  KIOSK_NEEDS_CAMPUS,
  KIOSK_NEEDS_DEVICE_CODE,
  NO_SUCH_CAMPUS,
  adminClientsQuerySchema,
  createClientBodySchema,
  updateClientBodySchema,
} from "./staff-schemas.ts";

/** Registered OAuth clients as staff manage them (docs/decisions/0017). */

const TAGS = ["admin"] as const;
const READ = { kind: "staff", permission: "clients:read" } as const;
const WRITE = { kind: "staff", permission: "clients:write" } as const;
const CLIENT_ID = { id: "The client_id." };
const NOT_FOUND = "`not_found`: `client not found`.";

export const adminListClients = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/clients",
  operationId: "adminListClients",
  summary: "Registered OAuth clients",
  description: "`q` matches the client id or name. Never a secret or its hash.",
  tags: TAGS,
  access: READ,
  query: adminClientsQuerySchema,
  success: { status: 200, description: "One page of clients.", schema: AdminClientPageSchema },
  refusals: { "400": LIST_400 },
});

export const adminCreateClient = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/clients",
  operationId: "adminCreateClient",
  summary: "Register a client",
  description:
    "A confidential client gets a random secret, answered in `client_secret` this once and stored only hashed. `first_party: true` (the church's own app: no consent screen, account control and staff scopes allowed) needs `roles:write` too, which only administrators hold (else 403 `missing permission roles:write`); afterwards a first-party client is changed with `npm run clients:register` only. " +
    "A lobby check-in kiosk's client (docs/decisions/0023) is registered here too: `first_party: true`, the scope `check-in:kiosk`, the device_code grant and `check_in_campus_id`, the campus it serves (answered as `check_in_campus`); a tablet is then set up at `/kiosk?client=<client_id>`. Only its campus networks are changed afterwards (PATCH, `allowed_networks`).",
  tags: TAGS,
  access: WRITE,
  body: createClientBodySchema,
  success: { status: 201, description: "The new client with its secret.", schema: AdminClientWithSecretSchema },
  refusals: {
    "400": BODY_400(
      ", `grant_types: client_credentials needs a confidential client`, `scopes.0: staff is for the church’s own (first-party) apps only`, " +
        `\`check_in_campus_id: ${KIOSK_NEEDS_CAMPUS}\`, \`check_in_campus_id: ${CAMPUS_ONLY_FOR_KIOSKS}\`, \`grant_types: ${KIOSK_NEEDS_DEVICE_CODE}\`, or \`${NO_SUCH_CAMPUS}\``,
    ),
  },
});

export const adminGetClient = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/clients/{id}",
  operationId: "adminGetClient",
  summary: "One registered client",
  description: "",
  tags: TAGS,
  access: READ,
  params: CLIENT_ID,
  success: { status: 200, description: "The client.", schema: AdminClientSchema },
  refusals: { "404": NOT_FOUND },
});

export const adminUpdateClient = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/admin/clients/{id}",
  operationId: "adminUpdateClient",
  summary: "Change a client's settings, or a check-in kiosk's campus networks",
  description:
    "Takes effect on the next authorization request (the token endpoint: within 5 seconds, its client cache). " +
    "`allowed_networks` is only for a check-in kiosk's client (one bound to a campus, `check_in_campus`), and is the one field that may be changed on it although it is first-party: " +
    "a body holding only `allowed_networks` is taken for it. Its device grant then starts only from those networks (`unauthorized_client` at /oauth/device_authorization), " +
    "its tokens are fetched and refreshed only from them (`unauthorized_client` at /oauth/token), and its access tokens work only from them (403 `forbidden` on /api/v1). " +
    "An empty list: anywhere.",
  tags: TAGS,
  access: WRITE,
  params: CLIENT_ID,
  body: updateClientBodySchema,
  success: { status: 200, description: "The client.", schema: AdminClientSchema },
  refusals: {
    "400": BODY_400(
      ", an empty body, `allowed_networks.0: must be an IP address or a CIDR range such as 203.0.113.0/24 or 2001:db8:5::/48 (not /0: leave the list empty for anywhere)`, or `allowed_networks: only a check-in kiosk's app can be limited to its campus's networks`",
    ),
    "404": NOT_FOUND,
    "409": "`conflict`: `first-party clients are managed with npm run clients:register` (any other field of a first-party client).",
  },
});

export const adminRotateClientSecret = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/clients/{id}/rotate-secret",
  operationId: "adminRotateClientSecret",
  summary: "Give a confidential client a new secret",
  description: "No body. The new secret is answered this once and works at once; the old one stops working within 5 seconds (the token endpoint keeps clients for 5 s, decision 0008).",
  tags: TAGS,
  access: WRITE,
  params: CLIENT_ID,
  success: { status: 200, description: "The client with its new secret.", schema: AdminClientWithSecretSchema },
  refusals: { "404": NOT_FOUND, "409": "`conflict`: `a public client has no secret`, or a first-party client." },
});

export const adminDisableClient = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/clients/{id}/disable",
  operationId: "adminDisableClient",
  summary: "Disable a client",
  description:
    "No body. Its grants are revoked at once (refresh tokens die, access tokens stop working on these routes); it can no longer authorize, and the token endpoint refuses it within 5 seconds (its client cache, decision 0008). Again: the same 200.",
  tags: TAGS,
  access: WRITE,
  params: CLIENT_ID,
  success: { status: 200, description: "The disabled client.", schema: AdminClientSchema },
  refusals: { "404": NOT_FOUND, "409": "`conflict`: a first-party client." },
});

/** In the order the OpenAPI document lists them. */
export const clientEndpoints = [adminListClients, adminCreateClient, adminGetClient, adminUpdateClient, adminRotateClientSecret, adminDisableClient];
