"use client";

import { useQueryClient } from "@tanstack/react-query";
import { accountQueryKeys } from "@/lib/portal-api/query-keys";

/**
 * After a change to the account: reads again what it affected, and always the security log, since every
 * change writes an entry there.
 */
export function useRefreshAfterChange(...keys: (readonly string[])[]): () => void {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [...keys, accountQueryKeys.securityEvents]) void queryClient.invalidateQueries({ queryKey });
  };
}
