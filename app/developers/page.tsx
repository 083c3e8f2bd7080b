import type { Metadata } from "next";
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { ApiReference, type ReferenceOperation, type ReferenceTag } from "@/components/developers/api-reference";
import { currentChurch } from "@/lib/http/current-church";
import { buildOpenApiDocument } from "@/lib/openapi/document";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Developers");
  return { title: t("title"), description: t("description") };
}

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
  const t = await getTranslations("Developers");
  const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;
  return (
    <div className="page">
      <h1>{t("title")}</h1>
      <p className="lede">{t("lede", { church: church.name })}</p>
      <ul>
        <li>
          {t.rich("signIn", {
            strong,
            // A JSON document of a route handler, not a page: a plain link, fetched whole.
            // eslint-disable-next-line @next/next/no-html-link-for-pages
            discovery: (chunks) => <a href="/.well-known/openid-configuration">{chunks}</a>,
          })}
        </li>
        <li>
          {t.rich("calendar", {
            strong,
            code: (chunks) => <code>{chunks}</code>,
            ics: (chunks) => <a href="/api/calendar/events/upcoming.ics">{chunks}</a>,
            widget: (chunks) => <a href="/embed">{chunks}</a>,
          })}
        </li>
        <li>{t.rich("reference", { strong, document: (chunks) => <a href="/api/openapi.json">{chunks}</a> })}</li>
      </ul>
      <ApiReference tags={referenceTags()} />
    </div>
  );
}
