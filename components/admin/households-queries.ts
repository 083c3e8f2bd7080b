"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  adminAddChild,
  adminAddFamilyMember,
  adminCreateFamily,
  adminEndGuardianship,
  adminGetFamily,
  adminListFamilies,
  adminListFamilyGuardianships,
  adminMergeFamilies,
  adminRecordFamilyGuardianship,
  adminRemoveChild,
  adminRemoveFamilyMember,
  adminRenameFamily,
  adminUpdateChild,
} from "@/lib/families/endpoints";
import type { UpdateChildBody } from "@/lib/families/schemas";
import type { AdminAddChildBody } from "@/lib/families/staff-schemas";
import { adminListUsers } from "@/lib/users/endpoints";
import { callEndpoint, retryUnlessRefused } from "@/lib/portal-api/client";

/**
 * The household tools' server state through the portal relay (/portal/api/v1/admin/families/...). Every
 * write reads every household query again (["admin", "households"]): a merge changes two households, a
 * member added changes the lists' counts.
 */

const HOUSEHOLDS = ["admin", "households"] as const;

function useRefreshHouseholds() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: HOUSEHOLDS });
}

/** One household and its members. */
export function useHousehold(id: string) {
  return useQuery({ queryKey: [...HOUSEHOLDS, id], queryFn: () => callEndpoint(adminGetFamily, { params: { id } }), retry: retryUnlessRefused, staleTime: 0 });
}

/** A household's guardianships and the requests waiting for a minor's answer. */
export function useHouseholdGuardianships(id: string) {
  return useQuery({ queryKey: [...HOUSEHOLDS, id, "guardianships"], queryFn: () => callEndpoint(adminListFamilyGuardianships, { params: { id } }), retry: retryUnlessRefused, staleTime: 0 });
}

/** Households found by name, for picking the one to merge (`enabled` once something was searched). */
export function useHouseholdSearch(q: string) {
  const search = new URLSearchParams({ q, per: "10", sort: "name" });
  return useQuery({
    queryKey: [...HOUSEHOLDS, "search", q],
    queryFn: () => callEndpoint(adminListFamilies, { query: search }),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    enabled: q !== "",
  });
}

/** People found by name or email, for adding one to a household. */
export function usePeopleSearch(q: string) {
  return useQuery({
    queryKey: ["admin", "households", "people", q],
    queryFn: () => callEndpoint(adminListUsers, { query: { q, per: "10", sort: "familyName" } }),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    enabled: q !== "",
  });
}

export function useCreateHousehold() {
  const refresh = useRefreshHouseholds();
  return useMutation({ mutationFn: (name: string) => callEndpoint(adminCreateFamily, { body: { name } }), onSettled: refresh });
}

export function useRenameHousehold(id: string) {
  const refresh = useRefreshHouseholds();
  return useMutation({ mutationFn: (name: string) => callEndpoint(adminRenameFamily, { params: { id }, body: { name } }), onSettled: refresh });
}

export function useAddMember(id: string) {
  const refresh = useRefreshHouseholds();
  return useMutation({
    mutationFn: (body: { user_id: string; role: "adult" | "child" }) => callEndpoint(adminAddFamilyMember, { params: { id }, body }),
    onSettled: refresh,
  });
}

export function useRemoveMember(id: string) {
  const refresh = useRefreshHouseholds();
  return useMutation({ mutationFn: (userId: string) => callEndpoint(adminRemoveFamilyMember, { params: { id, userId } }), onSettled: refresh });
}

export function useAddHouseholdChild(id: string) {
  const refresh = useRefreshHouseholds();
  return useMutation({ mutationFn: (body: AdminAddChildBody) => callEndpoint(adminAddChild, { params: { id }, body }), onSettled: refresh });
}

export function useUpdateHouseholdChild(id: string) {
  const refresh = useRefreshHouseholds();
  return useMutation({
    mutationFn: ({ childId, body }: { childId: string; body: UpdateChildBody }) => callEndpoint(adminUpdateChild, { params: { id, childId }, body }),
    onSettled: refresh,
  });
}

export function useRemoveHouseholdChild(id: string) {
  const refresh = useRefreshHouseholds();
  return useMutation({ mutationFn: (childId: string) => callEndpoint(adminRemoveChild, { params: { id, childId } }), onSettled: refresh });
}

export function useRecordGuardianship(id: string) {
  const refresh = useRefreshHouseholds();
  return useMutation({
    mutationFn: (body: { guardian_id: string; dependent_id: string }) => callEndpoint(adminRecordFamilyGuardianship, { params: { id }, body }),
    onSettled: refresh,
  });
}

export function useEndGuardianship() {
  const refresh = useRefreshHouseholds();
  return useMutation({ mutationFn: (guardianshipId: string) => callEndpoint(adminEndGuardianship, { params: { id: guardianshipId } }), onSettled: refresh });
}

export function useMergeHousehold(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (from: string) => callEndpoint(adminMergeFamilies, { params: { id }, body: { from } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: HOUSEHOLDS }),
  });
}
