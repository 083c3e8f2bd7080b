"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { callEndpoint } from "@/lib/portal-api/client";
import { adminRemoveChurchLogo, adminRemoveMailServer, adminSaveMailServer, adminSendTestEmail, adminUpdateChurchSettings, adminUploadChurchLogo } from "@/lib/church-settings/endpoints";
import type { ChurchSettingsAnswer } from "@/lib/church-settings/schemas";
import type { z } from "zod";
import type { mailServerBodySchema, updateChurchSettingsBodySchema } from "@/lib/church-settings/schemas";

/**
 * Church settings' writes (issue 39). Each one renders the page again on the server afterwards, so the header,
 * the footer and the colours of every part of the page show what was saved.
 */
export function useSaveChurchSettings(onSaved: (settings: ChurchSettingsAnswer) => void) {
  const router = useRouter();
  return useMutation({
    mutationFn: (body: z.input<typeof updateChurchSettingsBodySchema>) => callEndpoint(adminUpdateChurchSettings, { body }),
    onSuccess: (settings) => {
      onSaved(settings);
      router.refresh();
    },
  });
}

export function useChurchLogo(onSaved: (settings: ChurchSettingsAnswer) => void) {
  const router = useRouter();
  const done = (settings: ChurchSettingsAnswer) => {
    onSaved(settings);
    router.refresh();
  };
  const upload = useMutation({ mutationFn: (image: string) => callEndpoint(adminUploadChurchLogo, { body: { image } }), onSuccess: done });
  const remove = useMutation({ mutationFn: () => callEndpoint(adminRemoveChurchLogo, {}), onSuccess: done });
  return { upload, remove };
}

/** The mail server: saved (then tested by the form), forgotten, and a test message through it. */
export function useMailServer(onSaved: (settings: ChurchSettingsAnswer) => void) {
  const save = useMutation({ mutationFn: (body: z.input<typeof mailServerBodySchema>) => callEndpoint(adminSaveMailServer, { body }), onSuccess: onSaved });
  const remove = useMutation({ mutationFn: () => callEndpoint(adminRemoveMailServer, {}), onSuccess: onSaved });
  const test = useMutation({ mutationFn: (to: string) => callEndpoint(adminSendTestEmail, { body: { to } }) });
  return { save, remove, test };
}
