"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callEndpoint, retryUnlessRefused } from "@/lib/portal-api/client";
import {
  adminCreatePeopleImport,
  adminGetPeopleImport,
  adminListPeopleImports,
  adminStartPeopleImport,
  adminUndoPeopleImport,
  adminUpdatePeopleImport,
} from "@/lib/people-import/endpoints";
import type { PeopleColumnMapping } from "@/lib/people-import/people-columns";
import type { PeopleImportAnswer } from "@/lib/people-import/schemas";

/** Staff › Import people (issue 40): the imports, one import followed while it runs, and the writes. */
const IMPORTS_KEY = ["admin", "people-imports"] as const;

export function usePeopleImports() {
  return useQuery({
    queryKey: [...IMPORTS_KEY, "list"],
    queryFn: () => callEndpoint(adminListPeopleImports, { query: new URLSearchParams({ per: "10", sort: "-createdAt" }) }),
    retry: retryUnlessRefused,
  });
}

/** One import; asked again every second while it runs, so the progress moves by itself and survives a reload. */
export function usePeopleImport(id: string | null) {
  return useQuery({
    queryKey: [...IMPORTS_KEY, "one", id],
    queryFn: () => callEndpoint(adminGetPeopleImport, { params: { id: id! } }),
    enabled: id !== null,
    retry: retryUnlessRefused,
    refetchInterval: (query) => (query.state.data?.status === "running" ? 1_000 : false),
  });
}

export function usePeopleImportWrites(onImport: (found: PeopleImportAnswer) => void) {
  const queryClient = useQueryClient();
  const settle = (found: PeopleImportAnswer) => {
    queryClient.setQueryData([...IMPORTS_KEY, "one", found.id], found);
    void queryClient.invalidateQueries({ queryKey: [...IMPORTS_KEY, "list"] });
    onImport(found);
  };
  const upload = useMutation({ mutationFn: (body: { file_name: string; content: string }) => callEndpoint(adminCreatePeopleImport, { body }), onSuccess: settle });
  const remap = useMutation({ mutationFn: (input: { id: string; mapping: PeopleColumnMapping }) => callEndpoint(adminUpdatePeopleImport, { params: { id: input.id }, body: { mapping: input.mapping } }), onSuccess: settle });
  const start = useMutation({ mutationFn: (id: string) => callEndpoint(adminStartPeopleImport, { params: { id } }), onSuccess: settle });
  const undo = useMutation({
    mutationFn: (id: string) => callEndpoint(adminUndoPeopleImport, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: IMPORTS_KEY }),
  });
  return { upload, remap, start, undo };
}
