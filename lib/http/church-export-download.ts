import "server-only";
import { readChurch } from "../church-settings/church.ts";
import { adminExportChurch } from "../church-export/endpoints.ts";
import { startChurchExport } from "../church-export/start-church-export.ts";
import type { Database } from "../db/database.ts";
import type { Caller } from "./identity.ts";
import { logUnexpectedError } from "./log-unexpected-error.ts";
import { requestIdFor } from "./request-id.ts";

/**
 * GET /api/v1/admin/export's answer (lib/church-export): the zip, streamed as it is made. What fails before the
 * first byte (the count, the audit entry) is the wrapper's to answer as any refusal or error; what fails after it
 * can no longer change the status, so it is logged and the stream broken, and the browser's download fails
 * instead of saving a zip cut short (its central directory comes last).
 */
export async function churchExportDownload(database: Database, caller: Caller, request: Request): Promise<Response> {
  const started = await startChurchExport(database, {
    actorId: caller.userId,
    clientId: caller.clientId,
    path: adminExportChurch.path,
    requestId: requestIdFor(request.headers),
    churchName: (await readChurch(database)).name,
  });
  const { chunks } = started;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        logUnexpectedError(adminExportChurch.path, error, request.headers);
        controller.error(error);
      }
    },
    async cancel() {
      await chunks.return(started.counts);
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${started.fileName}"`,
      // The whole church in one file: never kept by a cache on the way.
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
