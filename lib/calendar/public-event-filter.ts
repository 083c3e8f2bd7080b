import type { Prisma } from "../generated/prisma/client.ts";

/** What makes an event visible on the public calendar at all (decisions.md 4). */
export const publicEventWhere = {
  visibility: "public",
  status: { not: "DRAFT" },
} satisfies Prisma.EventWhereInput;
