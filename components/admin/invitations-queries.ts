"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminInvite, adminListInvitations, adminResendInvitation, adminRevokeInvitation } from "@/lib/invitations/endpoints";
import type { InvitationStatus } from "@/lib/invitations/invitation-rules";
import type { InviteBody } from "@/lib/invitations/schemas";
import { callEndpoint, retryUnlessRefused } from "@/lib/portal-api/client";

/** Staff › Invitations (issue 40): the list by state, and the writes; every write refreshes every invitation query. */
const INVITATIONS_KEY = ["admin", "invitations"] as const;
export const INVITATIONS_PER_PAGE = 20;

export function useInvitations(query: { status: InvitationStatus | null; page: number }) {
  const search = new URLSearchParams({ page: String(query.page), per: String(INVITATIONS_PER_PAGE), sort: "-sentAt" });
  if (query.status) search.set("status", query.status);
  return useQuery({ queryKey: [...INVITATIONS_KEY, query], queryFn: () => callEndpoint(adminListInvitations, { query: search }), retry: retryUnlessRefused, placeholderData: keepPreviousData });
}

/** How many are in a state: the total of a one-item page. */
export function useInvitationCount(status: InvitationStatus) {
  return useQuery({
    queryKey: [...INVITATIONS_KEY, "count", status],
    queryFn: async () => (await callEndpoint(adminListInvitations, { query: new URLSearchParams({ per: "1", status }) })).metadata.total,
    retry: retryUnlessRefused,
  });
}

export function useInvitationWrites() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY });
  const invite = useMutation({ mutationFn: (body: InviteBody) => callEndpoint(adminInvite, { body }), onSuccess: refresh });
  const resend = useMutation({ mutationFn: (id: string) => callEndpoint(adminResendInvitation, { params: { id } }), onSuccess: refresh });
  const revoke = useMutation({ mutationFn: (id: string) => callEndpoint(adminRevokeInvitation, { params: { id } }), onSuccess: refresh });
  return { invite, resend, revoke };
}
