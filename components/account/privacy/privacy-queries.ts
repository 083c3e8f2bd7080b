"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useRefreshAfterChange } from "../use-refresh-after-change";
import { callEndpoint, portalDownload, retryUnlessRefused } from "@/lib/portal-api/client";
import { accountQueryKeys } from "@/lib/portal-api/query-keys";
import { cancelDeletionRequest, createDataRequest, listMyDataRequests } from "@/lib/privacy/endpoints";
import type { DataRequest } from "@/lib/privacy/schemas";

/**
 * The privacy page's server state: the member's data requests, read and changed through the portal
 * relay. Every change refreshes the list and the security log (each change writes an entry there).
 */


export function useDataRequests() {
  return useQuery({
    queryKey: accountQueryKeys.dataRequests,
    queryFn: () => callEndpoint(listMyDataRequests, {}),
    retry: retryUnlessRefused,
  });
}

/** An export is built at once: the answer is already `fulfilled` and can be downloaded. */
export function useRequestExport() {
  const refresh = useRefreshAfterChange(accountQueryKeys.dataRequests);
  return useMutation({
    mutationFn: () => callEndpoint(createDataRequest, { body: { type: "export" } }),
    onSettled: refresh,
  });
}

export function useRequestDeletion() {
  const refresh = useRefreshAfterChange(accountQueryKeys.dataRequests);
  return useMutation({
    mutationFn: () => callEndpoint(createDataRequest, { body: { type: "deletion" } }),
    onSettled: refresh,
  });
}

export function useCancelDeletion() {
  const refresh = useRefreshAfterChange(accountQueryKeys.dataRequests);
  return useMutation({
    mutationFn: (request: DataRequest) => callEndpoint(cancelDeletionRequest, { params: { id: request.id } }),
    onSettled: refresh,
  });
}

/** Fetches the export's JSON through the relay and hands it to the browser as a file to save. */
export async function saveExport(request: DataRequest): Promise<void> {
  const { file, name } = await portalDownload(
    `privacy/data-requests/me/${encodeURIComponent(request.id)}/download`,
    `account-data-${request.created_at.slice(0, 10)}.json`,
  );
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Downloading writes to the security log, so the log is read again afterwards. */
export function useSaveExport() {
  const refresh = useRefreshAfterChange(accountQueryKeys.dataRequests);
  return useMutation({ mutationFn: saveExport, onSettled: refresh });
}
