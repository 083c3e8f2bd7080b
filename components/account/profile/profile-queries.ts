"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { callEndpoint, retryUnlessRefused } from "@/lib/portal-api/client";
import { accountQueryKeys } from "@/lib/portal-api/query-keys";
import { changeMyPassword, getMyProfile, startEmailChange, updateMyName, verifyMyNewEmail } from "@/lib/users/endpoints";
import { useRefreshAfterChange } from "../use-refresh-after-change";

/**
 * The member's own profile (name, email) and password, read and changed through the portal relay. A change
 * refreshes the profile and the security log; a new password also the list of signed-in devices, since the
 * others were signed out.
 */

export function useProfile() {
  return useQuery({ queryKey: accountQueryKeys.profile, queryFn: () => callEndpoint(getMyProfile, {}), retry: retryUnlessRefused });
}

export function useUpdateMyName() {
  const refresh = useRefreshAfterChange(accountQueryKeys.profile);
  return useMutation({
    mutationFn: (name: { given_name: string; family_name: string; nickname: string | null }) => callEndpoint(updateMyName, { body: name }),
    onSettled: refresh,
  });
}

export function useChangeMyPassword() {
  const refresh = useRefreshAfterChange(accountQueryKeys.sessions);
  return useMutation({
    mutationFn: (newPassword: string) => callEndpoint(changeMyPassword, { body: { new_password: newPassword } }),
    onSettled: refresh,
  });
}

export function useStartEmailChange() {
  return useMutation({ mutationFn: (email: string) => callEndpoint(startEmailChange, { body: { email } }) });
}

export function useVerifyMyNewEmail() {
  const refresh = useRefreshAfterChange(accountQueryKeys.profile);
  return useMutation({ mutationFn: (code: string) => callEndpoint(verifyMyNewEmail, { body: { code } }), onSettled: refresh });
}
