import "server-only";
import type { Database } from "../db/database.ts";
import { DATA_REQUEST_SELECT, dataRequestBody } from "./data-request-body.ts";
import type { DataRequest } from "./schemas.ts";

/** The contract has no paging here; a member makes few requests, and exports are rate limited. */
export const DATA_REQUEST_LIST_LIMIT = 100;

/** The member's privacy requests, newest first (at most the newest 100). */
export async function listDataRequests(database: Database, userId: string): Promise<DataRequest[]> {
  const requests = await database.prisma.dataRequest.findMany({
    where: { userId },
    select: DATA_REQUEST_SELECT,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: DATA_REQUEST_LIST_LIMIT,
  });
  return requests.map(dataRequestBody);
}
