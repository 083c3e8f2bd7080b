"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  addChild,
  addPickupPerson,
  createFamily,
  getMyFamily,
  getPickupList,
  joinFamily,
  leaveFamily,
  removeChild,
  removePickupPerson,
  rotateFamilyCode,
  updateChild,
} from "@/lib/families/endpoints";
import type { AddChildBody, Family, UpdateChildBody } from "@/lib/families/schemas";
import { confirmGuardianshipRequest, declineGuardianshipRequest, listMyGuardians } from "@/lib/guardians/endpoints";
import type { AddPickupPersonBody } from "@/lib/families/pickup-schemas";
import { PortalApiError, callEndpoint, retryUnlessRefused } from "@/lib/portal-api/client";
import { accountQueryKeys } from "@/lib/portal-api/query-keys";

/**
 * The family page's server state, through the portal relay: the member's family (null when they belong
 * to none: the API's `not_found`), creating one, joining one by code, leaving it, an adult making a new
 * code, and an adult adding, changing and removing the household's children.
 */
export function useMyFamily() {
  return useQuery({
    queryKey: accountQueryKeys.family,
    queryFn: async (): Promise<Family | null> => {
      try {
        return await callEndpoint(getMyFamily, {});
      } catch (error) {
        if (error instanceof PortalApiError && error.code === "not_found") return null;
        throw error;
      }
    },
    retry: retryUnlessRefused,
  });
}

function useRefreshFamily() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [accountQueryKeys.family, accountQueryKeys.securityEvents]) void queryClient.invalidateQueries({ queryKey });
  };
}

export function useJoinFamily() {
  const refresh = useRefreshFamily();
  return useMutation({
    mutationFn: (code: string) => callEndpoint(joinFamily, { body: { code } }),
    onSuccess: refresh,
  });
}

/** A new code: it replaces the old one in the cache at once, then the family is read again. */
export function useRotateFamilyCode() {
  const queryClient = useQueryClient();
  const refresh = useRefreshFamily();
  return useMutation({
    mutationFn: () => callEndpoint(rotateFamilyCode, {}),
    onSuccess: (code) => {
      queryClient.setQueryData<Family | null>(accountQueryKeys.family, (family) => (family ? { ...family, code } : family));
    },
    onSettled: refresh,
  });
}

export function useCreateFamily() {
  const refresh = useRefreshFamily();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callEndpoint(createFamily, { body: { name } }),
    onSuccess: (family) => {
      queryClient.setQueryData<Family | null>(accountQueryKeys.family, family);
      refresh();
    },
  });
}

export function useLeaveFamily() {
  const refresh = useRefreshFamily();
  return useMutation({ mutationFn: () => callEndpoint(leaveFamily, {}), onSuccess: refresh });
}

export function useAddChild() {
  const refresh = useRefreshFamily();
  return useMutation({ mutationFn: (body: AddChildBody) => callEndpoint(addChild, { body }), onSuccess: refresh });
}

export function useUpdateChild() {
  const refresh = useRefreshFamily();
  return useMutation({
    mutationFn: ({ childId, body }: { childId: string; body: UpdateChildBody }) =>
      callEndpoint(updateChild, { params: { childId }, body }),
    onSuccess: refresh,
  });
}

export function useRemoveChild() {
  const refresh = useRefreshFamily();
  return useMutation({
    mutationFn: (childId: string) => callEndpoint(removeChild, { params: { childId } }),
    onSuccess: refresh,
  });
}

const pickupKey = (childId: string) => [...accountQueryKeys.family, "pickup", childId] as const;

/** Who may collect one child: read when an adult opens that child's pickup list. */
export function usePickupList(childId: string) {
  return useQuery({
    queryKey: pickupKey(childId),
    queryFn: () => callEndpoint(getPickupList, { params: { childId } }),
    retry: retryUnlessRefused,
  });
}

function useRefreshPickup(childId: string) {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [pickupKey(childId), accountQueryKeys.securityEvents]) void queryClient.invalidateQueries({ queryKey });
  };
}

export function useAddPickupPerson(childId: string) {
  const refresh = useRefreshPickup(childId);
  return useMutation({
    mutationFn: (body: AddPickupPersonBody) => callEndpoint(addPickupPerson, { params: { childId }, body }),
    onSuccess: refresh,
  });
}

export function useRemovePickupPerson(childId: string) {
  const refresh = useRefreshPickup(childId);
  return useMutation({
    mutationFn: (pickupId: string) =>
      callEndpoint(removePickupPerson, { params: { childId, pickupId } }),
    onSuccess: refresh,
  });
}

const guardiansKey = [...accountQueryKeys.family, "guardians"] as const;

/** A young member's guardians, and the household adults waiting for their answer. */
export function useMyGuardians() {
  return useQuery({ queryKey: guardiansKey, queryFn: () => callEndpoint(listMyGuardians, {}), retry: retryUnlessRefused });
}

export function useAnswerGuardianship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, answer }: { requestId: string; answer: "confirm" | "decline" }) =>
      callEndpoint(answer === "confirm" ? confirmGuardianshipRequest : declineGuardianshipRequest, { params: { requestId } }),
    onSuccess: () => {
      for (const queryKey of [guardiansKey, accountQueryKeys.securityEvents]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
