"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminCreateClient, adminDisableClient, adminRotateClientSecret } from "@/lib/oauth/clients/endpoints";
import type { CreateClientBody } from "@/lib/oauth/clients/staff-schemas";
import { callEndpoint } from "@/lib/portal-api/client";

/**
 * Staff › Apps' writes beyond the settings form (admin-queries.ts has the list and the settings edit):
 * register an app, give it a new secret, disable it. Each refreshes every app query. The secret in an answer
 * is kept by the page only until it is dismissed: never in a query cache.
 */

const CLIENTS_KEY = ["admin", "clients"] as const;

/** The register form's body: what it sends, the API's defaults for the rest. */
export type RegisterClientInput = Partial<CreateClientBody> & Pick<CreateClientBody, "name" | "type">;

export function useRegisterClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterClientInput) => callEndpoint(adminCreateClient, { body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: CLIENTS_KEY }),
  });
}

export function useRotateClientSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => callEndpoint(adminRotateClientSecret, { params: { id: clientId } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: CLIENTS_KEY }),
  });
}

export function useDisableClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) => callEndpoint(adminDisableClient, { params: { id: clientId } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: CLIENTS_KEY }),
  });
}
