import type { Metadata } from "next";
import { ApiReference, type ReferenceOperation, type ReferenceTag } from "@/components/developers/api-reference";
import { currentChurch } from "@/lib/http/current-church";
import { buildOpenApiDocument } from "@/lib/openapi/document";

export const metadata: Metadata = { title: "For developers", description: "The church's sign-in (OpenID Connect), its member and staff API, and its public calendar API." };

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, { description?: string }>;
}

/** The served OpenAPI document as the page lists it: by tag, in the document's order; built once per process, as /api/openapi.json is. */
let built: ReferenceTag[] | undefined;
function referenceTags(): ReferenceTag[] {
  return (built ??= buildReferenceTags());
}

function buildReferenceTags(): ReferenceTag[] {
  const document = buildOpenApiDocument({ serverUrl: "", calendarUrl: "/api/calendar" });
  const tags: ReferenceTag[] = (document.tags ?? []).map((tag) => ({ name: tag.name, description: tag.description ?? "", operations: [] }));
  const byName = new Map(tags.map((tag) => [tag.name, tag]));
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation) continue;
      const reference: ReferenceOperation = {
        method: method.toUpperCase(),
        path,
        summary: operation.summary ?? "",
        description: operation.description ?? "",
        authenticated: (operation.security ?? []).length > 0,
        scopes: (operation.security ?? []).flatMap((requirement) => Object.values(requirement).flat()),
        responses: Object.entries(operation.responses ?? {}).map(([status, response]) => ({ status, description: response.description ?? "" })),
      };
      for (const name of operation.tags ?? ["other"]) {
        const tag = byName.get(name) ?? { name, description: "", operations: [] };
        if (!byName.has(name)) {
          byName.set(name, tag);
          tags.push(tag);
        }
        tag.operations.push(reference);
      }
    }
  }
  return tags.filter((tag) => tag.operations.length > 0);
}

// /developers - for developers of the church's apps and websites: sign-in, the API reference, the calendar
export default async function DevelopersPage() {
  const church = await currentChurch();
  return (
    <div className="page">
      <h1>For developers</h1>
      <p className="lede">
        Build an app or website for {church.name}: sign people in with their church account, read and change what they allow, and show the calendar.
      </p>
      <ul>
        <li>
          <strong>Sign-in</strong> is OpenID Connect (authorization code with PKCE, refresh tokens, the device grant for kiosks and TVs, DPoP). Its
          discovery document is{" "}
          {/* A JSON document of a route handler, not a page: a plain link, fetched whole. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/.well-known/openid-configuration">/.well-known/openid-configuration</a>. Ask the church office to register your app.
        </li>
        <li>
          <strong>The calendar</strong> needs no sign-in: the feed at <code>/api/calendar/events/upcoming</code>, the iCal subscription at{" "}
          <a href="/api/calendar/events/upcoming.ics">/api/calendar/events/upcoming.ics</a>, and a widget for any website on{" "}
          <a href="/embed">the calendar widget page</a>.
        </li>
        <li>
          <strong>The reference below</strong> is the OpenAPI 3.1 document the server serves at <a href="/api/openapi.json">/api/openapi.json</a>,
          generated from the same definitions the routes run on, with every request and answer schema.
        </li>
      </ul>
      <ApiReference tags={referenceTags()} />
    </div>
  );
}
