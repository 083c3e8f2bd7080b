import { z } from "zod";
import { CONTROL_CHARACTERS } from "../calendar/schemas.ts";

/**
 * What every schema of the staff management API under /api/v1/admin shares (docs/decisions/0017): the
 * query of a list (paging, search, sort, interface.md part 1), its envelope, and the bounded printable text
 * of names and titles. Pure zod; each domain's `staff-schemas.ts` builds its bodies and answers from these.
 */

export const DEFAULT_PER = 20;
export const MAX_PER = 100;
export const MAX_SEARCH_LENGTH = 100;

const PAGE_MESSAGE = "must be a whole number, 1 or more";
const PER_MESSAGE = `must be a whole number from 1 to ${MAX_PER}`;
const SEARCH_MESSAGE = `must be from 1 to ${MAX_SEARCH_LENGTH} characters, without control characters`;

const page = z
  .string()
  .regex(/^\d{1,9}$/, PAGE_MESSAGE)
  .transform(Number)
  .pipe(z.number().int().min(1, PAGE_MESSAGE))
  .default(1)
  .meta({
    description: "Page number, from 1.",
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      delete jsonSchema.pattern;
      Object.assign(jsonSchema, { type: "integer", minimum: 1, default: 1 });
    },
  });

const per = z
  .string()
  .regex(/^\d{1,3}$/, PER_MESSAGE)
  .transform(Number)
  .pipe(z.number().int().min(1, PER_MESSAGE).max(MAX_PER, PER_MESSAGE))
  .default(DEFAULT_PER)
  .meta({
    description: `Items per page, 1 to ${MAX_PER}.`,
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      delete jsonSchema.pattern;
      Object.assign(jsonSchema, { type: "integer", minimum: 1, maximum: MAX_PER, default: DEFAULT_PER });
    },
  });

const search = z
  .string()
  .trim()
  .min(1, SEARCH_MESSAGE)
  .max(MAX_SEARCH_LENGTH, SEARCH_MESSAGE)
  .refine((value) => !CONTROL_CHARACTERS.test(value), SEARCH_MESSAGE)
  .optional();

/** `sort`: one of the fields, `-field` for descending. */
function sortParam<const Fields extends readonly [string, ...string[]]>(fields: Fields, fallback: string) {
  const values = fields.flatMap((field) => [field, `-${field}`]) as [string, ...string[]];
  return z
    .enum(values, { error: `must be one of ${values.join(", ")}` })
    .default(fallback)
    .meta({ description: `Sort order: a field, or \`-field\` for descending. Default \`${fallback}\`.` });
}

/** The query of a list: paging, search, sort and the list's own filters. Unknown parameters are refused. */
export function listQuery<const Fields extends readonly [string, ...string[]], Extra extends z.ZodRawShape>(
  id: string,
  options: { sort: Fields; defaultSort: Fields[number] | `-${Fields[number]}`; search: string; extra: Extra },
) {
  return z
    .object({ page, per, q: search.meta({ description: options.search }), sort: sortParam(options.sort, options.defaultSort), ...options.extra })
    .strict()
    .meta({ id });
}

export const PageMetadataSchema = z
  .object({
    total: z.number().int().min(0).meta({ description: "Items matching the query, on every page." }),
    page: z.number().int().min(1),
    per: z.number().int().min(1).max(MAX_PER),
  })
  .meta({ id: "PageMetadata" });
export type PageMetadata = z.infer<typeof PageMetadataSchema>;

/** The management list envelope `{ metadata: { total, page, per }, items }` (interface.md part 1). */
export function pageOf<Item extends z.ZodType>(item: Item, id: string) {
  return z.object({ metadata: PageMetadataSchema, items: z.array(item) }).meta({ id });
}

/** Trimmed text of 1 to `max` characters without control characters: names, titles, places. */
export const printableText = (max: number, what = `must be from 1 to ${max} characters`) =>
  z
    .string({ error: what })
    .trim()
    .min(1, what)
    .max(max, what)
    .refine((value) => !CONTROL_CHARACTERS.test(value), "must not contain control characters");
