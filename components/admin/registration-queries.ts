"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callEndpoint, retryUnlessRefused } from "@/lib/portal-api/client";
import { adminQueryKeys } from "@/lib/portal-api/query-keys";
import { adminGetEventRegistrations, adminSetEventRegistration } from "@/lib/registrations/endpoints";
import type { RegistrationSettingsBody } from "@/lib/registrations/schemas";

/** An event's sign-up for staff (docs/decisions/0024): settings, counts, places and the waitlist. */
export function useEventRegistrations(eventId: string) {
  return useQuery({
    queryKey: adminQueryKeys.registration(eventId),
    queryFn: () => callEndpoint(adminGetEventRegistrations, { params: { id: eventId } }),
    retry: retryUnlessRefused,
  });
}

export function useSaveRegistrationSettings(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegistrationSettingsBody) => callEndpoint(adminSetEventRegistration, { params: { id: eventId }, body }),
    onSuccess: (answer) => queryClient.setQueryData(adminQueryKeys.registration(eventId), answer),
  });
}
