import { DataRequestSchema, type DataRequest } from "./schemas.ts";

/** A data request as the services read it (Prisma `select`: DATA_REQUEST_SELECT). */
export interface DataRequestRecord {
  id: string;
  type: string;
  status: string;
  createdAt: Date;
  dueAt: Date | null;
  fulfilledAt: Date | null;
  cancelledAt: Date | null;
}

export const DATA_REQUEST_SELECT = { id: true, type: true, status: true, createdAt: true, dueAt: true, fulfilledAt: true, cancelledAt: true } as const;

/** The API's DataRequest: timestamps that do not apply are left out, and the schema checks the rest. */
export function dataRequestBody(request: DataRequestRecord): DataRequest {
  return DataRequestSchema.parse({
    id: request.id,
    type: request.type,
    status: request.status,
    created_at: request.createdAt.toISOString(),
    ...(request.dueAt ? { due_at: request.dueAt.toISOString() } : {}),
    ...(request.fulfilledAt ? { fulfilled_at: request.fulfilledAt.toISOString() } : {}),
    ...(request.cancelledAt ? { cancelled_at: request.cancelledAt.toISOString() } : {}),
  });
}
