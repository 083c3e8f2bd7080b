import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import styles from "./api-reference.module.css";

/**
 * The API reference, rendered from the OpenAPI document the server itself serves (/api/openapi.json, generated
 * from the endpoint definitions: docs/decisions/0032), so the page cannot drift from the routes. A server
 * component: no script reaches the browser. The document's own words (tags, summaries, descriptions) are the
 * contract's English; only the page's words around them are translated.
 */

export interface ReferenceOperation {
  method: string;
  path: string;
  summary: string;
  description: string;
  scopes: string[];
  authenticated: boolean;
  responses: { status: string; description: string }[];
}

export interface ReferenceTag {
  name: string;
  description: string;
  operations: ReferenceOperation[];
}

/** Backticks in the document's descriptions are code. */
function prose(text: string): ReactNode[] {
  return text.split("`").map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part));
}

const anchor = (operation: ReferenceOperation) => `${operation.method}-${operation.path}`.toLowerCase().replace(/[^a-z0-9]+/g, "-");

export async function ApiReference({ tags }: { tags: ReferenceTag[] }) {
  const t = await getTranslations("Developers.referenceWords");
  return (
    <>
      <nav aria-labelledby="api-contents" className={styles.contents}>
        <h2 id="api-contents">{t("contents")}</h2>
        <ul>
          {tags.map((tag) => (
            <li key={tag.name}>
              <a href={`#tag-${tag.name}`}>{tag.name}</a> ({tag.operations.length})
            </li>
          ))}
        </ul>
      </nav>
      {tags.map((tag) => (
        <section key={tag.name} aria-labelledby={`tag-${tag.name}`} className={styles.tag}>
          <h2 id={`tag-${tag.name}`}>{tag.name}</h2>
          <p>{prose(tag.description)}</p>
          {tag.operations.map((operation) => (
            <details key={`${operation.method} ${operation.path}`} id={anchor(operation)} data-operation={`${operation.method} ${operation.path}`} className={styles.operation}>
              <summary className={styles.title}>
                <span className={styles.method} data-method={operation.method}>
                  {operation.method}
                </span>{" "}
                <code className={styles.path}>{operation.path}</code>
                <span className={styles.summary}>{operation.summary}</span>
              </summary>
              {operation.description ? <p>{prose(operation.description)}</p> : null}
              <p className={styles.needs}>
                {operation.authenticated
                  ? operation.scopes.length > 0
                    ? t.rich("needsScopes", {
                        scopes: () => operation.scopes.map((scope, index) => <span key={scope}>{index > 0 ? ", " : ""}<code>{scope}</code></span>),
                      })
                    : t("needsToken")
                  : t("noSignIn")}
              </p>
              <dl className={styles.responses}>
                {operation.responses.map((response) => (
                  <div key={response.status}>
                    <dt>{response.status}</dt>
                    <dd>{prose(response.description)}</dd>
                  </div>
                ))}
              </dl>
            </details>
          ))}
        </section>
      ))}
    </>
  );
}
