import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { expect } from "@playwright/test";
import { ISSUER } from "./oauth-client.ts";

/**
 * Calls to the identity service's /api/v1 routes, each answer checked against the OpenAPI document the
 * server itself publishes (/api/openapi.json): the route, its method and the status must be documented,
 * and a JSON body must match the documented schema. A response the document does not describe fails the
 * test, so the document cannot fall behind the routes.
 */

export interface ApiAnswer<Body = any> { // eslint-disable-line @typescript-eslint/no-explicit-any -- test bodies are asserted field by field
  status: number;
  headers: Headers;
  body: Body;
}

type OpenApiDocument = {
  paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: object }> }> }>>;
  components?: object;
};

// ajv-formats is CommonJS with a default export; under Node's ESM loader it arrives wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

let documentPromise: Promise<OpenApiDocument> | null = null;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();

async function openApiDocument(): Promise<OpenApiDocument> {
  documentPromise ??= fetch(new URL("/api/openapi.json", ISSUER)).then((response) => response.json() as Promise<OpenApiDocument>);
  return documentPromise;
}

/** The documented path template (`/api/v1/consents/me/{id}`) that a concrete path matches. */
function templateOf(document: OpenApiDocument, path: string): string | undefined {
  const pathname = new URL(path, ISSUER).pathname;
  return Object.keys(document.paths).find((template) => {
    const pattern = new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "[^/]+")}$`);
    return pattern.test(pathname);
  });
}

/** Fails the test unless `answer` is documented for `method path` and its JSON body matches the schema. */
export async function expectDocumentedAnswer(method: string, path: string, answer: ApiAnswer): Promise<void> {
  const document = await openApiDocument();
  const template = templateOf(document, path);
  expect(template, `${path} is not in the OpenAPI document`).toBeDefined();
  const operation = document.paths[template!]![method.toLowerCase()];
  expect(operation, `${method} ${template} is not in the OpenAPI document`).toBeDefined();
  const response = operation!.responses?.[String(answer.status)];
  expect(response, `${method} ${template} does not document status ${answer.status}`).toBeDefined();
  const schema = response!.content?.["application/json"]?.schema;
  if (!schema) {
    expect(answer.body, `${method} ${template} ${answer.status} documents no body`).toBeNull();
    return;
  }
  const key = `${method} ${template} ${answer.status}`;
  let validate = validators.get(key);
  if (!validate) {
    // Component references (#/components/schemas/...) resolve against the document's own components.
    validate = ajv.compile({ ...schema, components: document.components });
    validators.set(key, validate);
  }
  const valid = validate(answer.body);
  expect(valid ? [] : validate.errors?.map((error) => `${error.instancePath || "/"} ${error.message}`), `${key} body matches the OpenAPI schema`).toEqual([]);
}

/** One call to the identity API (JSON in, JSON out), checked against the OpenAPI document. */
export async function callApi(
  method: string,
  path: string,
  token: string | null,
  options: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined || options.rawBody !== undefined) headers["content-type"] ??= "application/json";
  const response = await fetch(new URL(path, ISSUER), {
    method,
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  const answer: ApiAnswer = { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  await expectDocumentedAnswer(method, path, answer);
  return answer;
}
