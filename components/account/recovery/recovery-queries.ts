"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import {
  addRecoveryContact,
  getMyPhoneVerification,
  listMyRecoveryContacts,
  removeRecoveryContact,
  resendRecoveryContactCode,
  startPhoneVerification,
  verifyPhone,
  verifyRecoveryContact,
} from "@/lib/contacts/endpoints";
import type { RecoveryContact } from "@/lib/contacts/schemas";
import { useRefreshAfterChange } from "../use-refresh-after-change";
import { callEndpoint, retryUnlessRefused } from "@/lib/portal-api/client";
import { accountQueryKeys } from "@/lib/portal-api/query-keys";

/**
 * The recovery page's server state: the member's recovery contacts and their own phone number (and a code
 * waiting for a new one), read and changed through the portal relay. Every change refreshes what it affects and the security log.
 */

export function useRecoveryContacts() {
  return useQuery({
    queryKey: accountQueryKeys.recoveryContacts,
    queryFn: () => callEndpoint(listMyRecoveryContacts, {}),
    retry: retryUnlessRefused,
  });
}

/** Adds a contact (`value` as typed: the API infers email or phone) and sends it a code. */
export function useAddRecoveryContact() {
  const refresh = useRefreshAfterChange(accountQueryKeys.recoveryContacts);
  return useMutation({
    mutationFn: (value: string) => callEndpoint(addRecoveryContact, { body: { value } }),
    onSettled: refresh,
  });
}

export function useVerifyRecoveryContact() {
  const refresh = useRefreshAfterChange(accountQueryKeys.recoveryContacts);
  return useMutation({
    mutationFn: ({ contact, code }: { contact: RecoveryContact; code: string }) =>
      callEndpoint(verifyRecoveryContact, { params: { id: contact.id }, body: { code } }),
    onSettled: refresh,
  });
}

export function useResendContactCode() {
  return useMutation({
    mutationFn: (contact: RecoveryContact) =>
      callEndpoint(resendRecoveryContactCode, { params: { id: contact.id } }),
  });
}

export function useRemoveRecoveryContact() {
  const refresh = useRefreshAfterChange(accountQueryKeys.recoveryContacts);
  return useMutation({
    mutationFn: (contact: RecoveryContact) =>
      callEndpoint(removeRecoveryContact, { params: { id: contact.id } }),
    onSettled: refresh,
  });
}

/** The number a texted code is still waiting for (masked), so a reload keeps asking for that code. */
export function usePhoneVerification() {
  return useQuery({
    queryKey: accountQueryKeys.phoneVerification,
    queryFn: () => callEndpoint(getMyPhoneVerification, {}),
    retry: retryUnlessRefused,
  });
}

export function useStartPhoneVerification() {
  return useMutation({
    mutationFn: (phone: string) => callEndpoint(startPhoneVerification, { body: { phone } }),
  });
}

export function useVerifyPhone() {
  const refresh = useRefreshAfterChange(accountQueryKeys.profile, accountQueryKeys.phoneVerification);
  return useMutation({
    mutationFn: (code: string) => callEndpoint(verifyPhone, { body: { code } }),
    onSettled: refresh,
  });
}
