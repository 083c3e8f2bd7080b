"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callEndpoint, retryUnlessRefused } from "@/lib/portal-api/client";
import {
  adminCreateCalendarImport,
  adminGetCalendarImport,
  adminListCalendarImports,
  adminStartCalendarImport,
  adminSyncCalendarImport,
  adminUpdateCalendarImport,
} from "@/lib/calendar-import/endpoints";
import type { CalendarImportAnswer } from "@/lib/calendar-import/schemas";

/** Staff › Import a calendar (issue 40): the calendars brought in, one of them, and the writes. */
const IMPORTS_KEY = ["admin", "calendar-imports"] as const;

export function useCalendarImports() {
  return useQuery({
    queryKey: [...IMPORTS_KEY, "list"],
    queryFn: () => callEndpoint(adminListCalendarImports, { query: new URLSearchParams({ per: "10", sort: "-createdAt" }) }),
    retry: retryUnlessRefused,
  });
}

export function useCalendarImport(id: string | null) {
  return useQuery({ queryKey: [...IMPORTS_KEY, "one", id], queryFn: () => callEndpoint(adminGetCalendarImport, { params: { id: id! } }), enabled: id !== null, retry: retryUnlessRefused });
}

export type CalendarImportRequest = {
  file_name?: string;
  content?: string;
  address?: string;
  event_type: CalendarImportAnswer["event_type"];
  campus_id: string | null;
  ministry_id: string | null;
  publish: boolean;
  keep_in_sync: boolean;
};

export function useCalendarImportWrites(onImport: (found: CalendarImportAnswer) => void) {
  const queryClient = useQueryClient();
  const settle = (found: CalendarImportAnswer) => {
    queryClient.setQueryData([...IMPORTS_KEY, "one", found.id], found);
    void queryClient.invalidateQueries({ queryKey: [...IMPORTS_KEY, "list"] });
    onImport(found);
  };
  const read = useMutation({ mutationFn: (body: CalendarImportRequest) => callEndpoint(adminCreateCalendarImport, { body }), onSuccess: settle });
  const start = useMutation({ mutationFn: (id: string) => callEndpoint(adminStartCalendarImport, { params: { id } }), onSuccess: settle });
  const sync = useMutation({ mutationFn: (id: string) => callEndpoint(adminSyncCalendarImport, { params: { id } }), onSuccess: settle, onError: () => void queryClient.invalidateQueries({ queryKey: IMPORTS_KEY }) });
  const keepInSync = useMutation({ mutationFn: (input: { id: string; keep: boolean }) => callEndpoint(adminUpdateCalendarImport, { params: { id: input.id }, body: { keep_in_sync: input.keep } }), onSuccess: settle });
  return { read, start, sync, keepInSync };
}
