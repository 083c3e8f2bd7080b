"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { portalApi, retryUnlessRefused } from "@/lib/portal-api/client";
import { adminQueryKeys } from "@/lib/portal-api/query-keys";
import { AdminEventRegistrationsSchema, type RegistrationSettingsBody } from "@/lib/registrations/schemas";

/** An event's sign-up for staff (docs/decisions/0024): settings, counts, places and the waitlist. */
export function useEventRegistrations(eventId: string) {
  return useQuery({
    queryKey: adminQueryKeys.registration(eventId),
    queryFn: () => portalApi(AdminEventRegistrationsSchema, `admin/events/${encodeURIComponent(eventId)}/registration`),
    retry: retryUnlessRefused,
  });
}

export function useSaveRegistrationSettings(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegistrationSettingsBody) => portalApi(AdminEventRegistrationsSchema, `admin/events/${encodeURIComponent(eventId)}/registration`, { method: "PUT", body }),
    onSuccess: (answer) => queryClient.setQueryData(adminQueryKeys.registration(eventId), answer),
  });
}
