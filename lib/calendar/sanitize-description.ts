// Not server-only: the event page renders descriptions with this on the server, and the staff event form's
// Preview (components/admin/description-preview.tsx) loads it in the browser with import() when first pressed,
// so sanitize-html travels in a chunk of its own and no page carries it up front. Keep it pure: no server
// modules, no secrets, nothing but sanitize-html (which works in the browser without style parsing: no
// style attribute is allowed below, so its postcss path never runs).
import sanitizeHtml from "sanitize-html";

/**
 * An event description is long text that may hold HTML from the church's editors. Before the event page
 * renders it as HTML it goes through this allow-list: a few text tags, links to http(s), mailto or a path
 * of this site (never javascript:, data: or protocol-relative), every link with rel="noopener noreferrer".
 * Headings are moved under the page's own h2 (h1/h2 → h3, h5/h6 → h4). Everything else is dropped,
 * keeping its text, except script/style-like elements, which are dropped with their content.
 */

const SAFE_HREF = /^(?:https?:|mailto:|\/(?!\/))/i;

const options: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "em", "a", "ul", "ol", "li", "h3", "h4", "blockquote"],
  allowedAttributes: { a: ["href", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    b: "strong",
    i: "em",
    h1: "h3",
    h2: "h3",
    h5: "h4",
    h6: "h4",
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim();
      const safe: sanitizeHtml.Attributes = href && SAFE_HREF.test(href) ? { href, rel: "noopener noreferrer" } : {};
      return { tagName: "a", attribs: safe };
    },
  },
};

const HTML_TAG = /<\/?[a-z][^>]*>/i;

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** Tags that lay out blocks: text holding one is laid out by its markup, not by its blank lines. */
const BLOCK_TAG = /<\/?(?:p|div|br|ul|ol|li|h[1-6]|blockquote|table|tr|td|pre|section|article)\b/i;

/** Text → paragraphs at blank lines, line breaks inside them; `escape` for plain text, not for text holding inline markup. */
function paragraphsOf(text: string, escape: (text: string) => string): string {
  return text
    .trim()
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => `<p>${escape(paragraph.trim()).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
}

/**
 * Safe HTML for an event description: plain text, text with inline markup only (a link typed into plain
 * paragraphs keeps its paragraphs), or a block of markup pasted from a web page.
 */
export function sanitizeDescription(description: string): string {
  const html = !HTML_TAG.test(description) ? paragraphsOf(description, escapeText) : BLOCK_TAG.test(description) ? description : paragraphsOf(description, (text) => text);
  return sanitizeHtml(html, options);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/** The description as one line of plain text, cut at a word boundary: for meta descriptions. */
export function descriptionExcerpt(description: string, maxLength = 160): string {
  const text = sanitizeHtml(description.replace(/<\/(p|li|h\d|blockquote)>|<br\s*\/?>/gi, " "), { allowedTags: [], allowedAttributes: {} })
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith("#")) {
        const code = name[1]?.toLowerCase() === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > maxLength / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
