"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FamilyChildSchema, RemovedChildSchema, type UpdateChildBody } from "@/lib/families/schemas";
import {
  AdminFamilyDetailSchema,
  AdminFamilyGuardianshipsSchema,
  AdminFamilyMemberSchema,
  AdminFamilyPageSchema,
  AdminGuardianshipSchema,
  RemovedFamilyMemberSchema,
  type AdminAddChildBody,
} from "@/lib/families/staff-schemas";
import { AdminUserPageSchema } from "@/lib/users/staff-schemas";
import { portalApi, retryUnlessRefused } from "@/lib/portal-api/client";

/**
 * The household tools' server state through the portal relay (/portal/api/v1/admin/families/...). Every
 * write reads every household query again (["admin", "households"]): a merge changes two households, a
 * member added changes the lists' counts.
 */

const HOUSEHOLDS = ["admin", "households"] as const;
const path = (id: string, rest = "") => `admin/families/${encodeURIComponent(id)}${rest}`;

function useRefreshHouseholds() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: HOUSEHOLDS });
}

/** One household and its members. */
export function useHousehold(id: string) {
  return useQuery({ queryKey: [...HOUSEHOLDS, id], queryFn: () => portalApi(AdminFamilyDetailSchema, path(id)), retry: retryUnlessRefused, staleTime: 0 });
}

/** A household's guardianships and the requests waiting for a minor's answer. */
export function useHouseholdGuardianships(id: string) {
  return useQuery({ queryKey: [...HOUSEHOLDS, id, "guardianships"], queryFn: () => portalApi(AdminFamilyGuardianshipsSchema, path(id, "/guardianships")), retry: retryUnlessRefused, staleTime: 0 });
}

/** Households found by name, for picking the one to merge (`enabled` once something was searched). */
export function useHouseholdSearch(q: string) {
  const search = new URLSearchParams({ q, per: "10", sort: "name" });
  return useQuery({
    queryKey: [...HOUSEHOLDS, "search", q],
    queryFn: () => portalApi(AdminFamilyPageSchema, `admin/families?${search.toString()}`),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    enabled: q !== "",
  });
}

/** People found by name or email, for adding one to a household. */
export function usePeopleSearch(q: string) {
  const search = new URLSearchParams({ q, per: "10", sort: "familyName" });
  return useQuery({
    queryKey: ["admin", "households", "people", q],
    queryFn: () => portalApi(AdminUserPageSchema, `admin/users?${search.toString()}`),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    enabled: q !== "",
  });
}

export function useCreateHousehold() {
  const refresh = useRefreshHouseholds();
  return useMutation({ mutationFn: (name: string) => portalApi(AdminFamilyDetailSchema, "admin/families", { method: "POST", body: { name } }), onSettled: refresh });
}

export function useRenameHousehold(id: string) {
  const refresh = useRefreshHouseholds();
  return useMutation({ mutationFn: (name: string) => portalApi(AdminFamilyDetailSchema, path(id), { method: "PATCH", body: { name } }), onSettled: refresh });
}

export function useAddMember(id: string) {
  const refresh = useRefreshHouseholds();
  return useMutation({
    mutationFn: (body: { user_id: string; role: "adult" | "child" }) => portalApi(AdminFamilyMemberSchema, path(id, "/members"), { method: "POST", body }),
    onSettled: refresh,
  });
}

export function useRemoveMember(id: string) {
  const refresh = useRefreshHouseholds();
  return useMutation({ mutationFn: (userId: string) => portalApi(RemovedFamilyMemberSchema, path(id, `/members/${encodeURIComponent(userId)}`), { method: "DELETE" }), onSettled: refresh });
}

export function useAddHouseholdChild(id: string) {
  const refresh = useRefreshHouseholds();
  return useMutation({ mutationFn: (body: AdminAddChildBody) => portalApi(FamilyChildSchema, path(id, "/children"), { method: "POST", body }), onSettled: refresh });
}

export function useUpdateHouseholdChild(id: string) {
  const refresh = useRefreshHouseholds();
  return useMutation({
    mutationFn: ({ childId, body }: { childId: string; body: UpdateChildBody }) => portalApi(FamilyChildSchema, path(id, `/children/${encodeURIComponent(childId)}`), { method: "PATCH", body }),
    onSettled: refresh,
  });
}

export function useRemoveHouseholdChild(id: string) {
  const refresh = useRefreshHouseholds();
  return useMutation({ mutationFn: (childId: string) => portalApi(RemovedChildSchema, path(id, `/children/${encodeURIComponent(childId)}`), { method: "DELETE" }), onSettled: refresh });
}

export function useRecordGuardianship(id: string) {
  const refresh = useRefreshHouseholds();
  return useMutation({
    mutationFn: (body: { guardian_id: string; dependent_id: string }) => portalApi(AdminGuardianshipSchema, path(id, "/guardianships"), { method: "POST", body }),
    onSettled: refresh,
  });
}

export function useEndGuardianship() {
  const refresh = useRefreshHouseholds();
  return useMutation({ mutationFn: (guardianshipId: string) => portalApi(AdminGuardianshipSchema, `admin/guardianships/${encodeURIComponent(guardianshipId)}/end`, { method: "POST" }), onSettled: refresh });
}

export function useMergeHousehold(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (from: string) => portalApi(AdminFamilyDetailSchema, path(id, "/merge"), { method: "POST", body: { from } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: HOUSEHOLDS }),
  });
}
