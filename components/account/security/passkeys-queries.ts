"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import type { BodyInputOf } from "@/lib/openapi/endpoint";
import { addPasskey, listMyPasskeys, removePasskey, renamePasskey, startPasskeyRegistration } from "@/lib/passkeys/endpoints";
import type { PasskeyView } from "@/lib/passkeys/schemas";
import { callEndpoint, retryUnlessRefused } from "@/lib/portal-api/client";
import { accountQueryKeys } from "@/lib/portal-api/query-keys";
import { useRefreshAfterChange } from "../use-refresh-after-change";

/**
 * The member's passkeys, read and changed through the portal relay; every change refreshes the list and the
 * security log (each one writes an entry there).
 */
export function usePasskeys() {
  return useQuery({ queryKey: accountQueryKeys.passkeys, queryFn: () => callEndpoint(listMyPasskeys, {}), retry: retryUnlessRefused });
}

/**
 * Adding one is three steps in one action: the options (a challenge bound to this session), the browser's
 * own prompt (the fingerprint, face or PIN), and the answer back to be checked and stored. A refusal of
 * the first or last is a PortalApiError; the browser's is a WebAuthnError (NotAllowedError: cancelled or
 * timed out; InvalidStateError: this authenticator already holds one of the member's passkeys).
 */
export function useAddPasskey() {
  const refresh = useRefreshAfterChange(accountQueryKeys.passkeys);
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await callEndpoint(startPasskeyRegistration, {});
      // The schema checked the parts we rely on and kept the rest as it came: it is the standard's shape.
      const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
      // The browser's type allows any transport name; the server's schema judges it, as it always did.
      return callEndpoint(addPasskey, { body: { name, response: response as BodyInputOf<typeof addPasskey>["response"] } });
    },
    onSettled: refresh,
  });
}

export function useRenamePasskey() {
  const refresh = useRefreshAfterChange(accountQueryKeys.passkeys);
  return useMutation({
    mutationFn: ({ passkey, name }: { passkey: PasskeyView; name: string }) =>
      callEndpoint(renamePasskey, { params: { id: passkey.id }, body: { name } }),
    onSettled: refresh,
  });
}

export function useRemovePasskey() {
  const refresh = useRefreshAfterChange(accountQueryKeys.passkeys);
  return useMutation({
    mutationFn: (passkey: PasskeyView) => callEndpoint(removePasskey, { params: { id: passkey.id } }),
    onSettled: refresh,
  });
}
