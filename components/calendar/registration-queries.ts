"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { callEndpoint, retryUnlessRefused } from "@/lib/portal-api/client";
import { accountQueryKeys } from "@/lib/portal-api/query-keys";
import { cancelRegistration, getEventRegistration, registerForEvent } from "@/lib/registrations/endpoints";
import { RegistrationListSchema } from "@/lib/registrations/schemas";

/**
 * An event's sign-up for the signed-in member's household, through the portal relay (docs/decisions/0024).
 * Signing up or cancelling refreshes the event's view and the member's list; the places left move with it.
 */
export function useEventRegistration(eventId: string) {
  return useQuery({
    queryKey: accountQueryKeys.eventRegistration(eventId),
    queryFn: () => callEndpoint(getEventRegistration, { params: { eventId } }),
    retry: retryUnlessRefused,
  });
}

function useRefreshRegistrations(eventId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: accountQueryKeys.eventRegistration(eventId) });
    void queryClient.invalidateQueries({ queryKey: accountQueryKeys.registrations, exact: true });
  };
}

export function useRegister(eventId: string) {
  const refresh = useRefreshRegistrations(eventId);
  return useMutation({
    mutationFn: (personIds: string[]) => callEndpoint(registerForEvent, { params: { eventId }, body: { person_ids: personIds } }),
    onSettled: refresh,
  });
}

export function useCancelRegistration(eventId: string) {
  const refresh = useRefreshRegistrations(eventId);
  return useMutation({
    mutationFn: (registrationId: string) => callEndpoint(cancelRegistration, { params: { id: registrationId } }),
    onSettled: refresh,
  });
}

export type RegisterAnswer = z.infer<typeof RegistrationListSchema>;
