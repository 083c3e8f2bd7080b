"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminCheckIn, adminCheckOut, adminGetAttendance, adminUndoCheckIn } from "@/lib/check-in/endpoints";
import { callEndpoint, portalDownload, retryUnlessRefused } from "@/lib/portal-api/client";
import { adminQueryKeys } from "@/lib/portal-api/query-keys";
import { adminListUsers } from "@/lib/users/endpoints";

/**
 * Staff › an event's live attendance through the portal relay (docs/decisions/0023): read again every 10
 * seconds while the page is visible, so kiosks' check-ins show up on their own; every change reads it again.
 */
export const ATTENDANCE_REFRESH_MS = 10_000;

export function useAttendance(eventId: string) {
  return useQuery({
    queryKey: adminQueryKeys.attendance(eventId),
    queryFn: () => callEndpoint(adminGetAttendance, { params: { id: eventId } }),
    refetchInterval: ATTENDANCE_REFRESH_MS,
    retry: retryUnlessRefused,
    staleTime: 0,
  });
}

function useRefreshAttendance(eventId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: adminQueryKeys.attendance(eventId) });
}

export function useStaffCheckIn(eventId: string) {
  const refresh = useRefreshAttendance(eventId);
  return useMutation({
    mutationFn: (personId: string) => callEndpoint(adminCheckIn, { params: { id: eventId }, body: { person_id: personId } }),
    onSettled: refresh,
  });
}

export type AttendanceChange = "check-out" | "undo";

export function useChangeCheckIn(eventId: string) {
  const refresh = useRefreshAttendance(eventId);
  return useMutation({
    mutationFn: ({ checkInId, change }: { checkInId: string; change: AttendanceChange }) =>
      change === "undo" ? callEndpoint(adminUndoCheckIn, { params: { id: checkInId } }) : callEndpoint(adminCheckOut, { params: { id: checkInId } }),
    onSettled: refresh,
  });
}

/** Members found by name, email or phone, for a check-in by hand (the first 8). */
export function useMemberSearch(q: string) {
  return useQuery({
    queryKey: ["admin", "attendance", "people", q],
    queryFn: () => callEndpoint(adminListUsers, { query: { q, per: "8", page: "1", status: "active", sort: "familyName" } }),
    enabled: q !== "",
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });
}

/** The CSV of an event (`event_id`) or of a date range (`from`, `to`), saved by the browser. */
export async function downloadAttendance(query: { event_id: string } | { from: string; to: string }): Promise<void> {
  const { file, name } = await portalDownload(`admin/attendance/export?${new URLSearchParams(query).toString()}`, "attendance.csv");
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
