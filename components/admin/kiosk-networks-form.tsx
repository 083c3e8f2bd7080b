"use client";

import { useTranslations } from "next-intl";
import { useRef, useState, type FormEvent } from "react";
import { useApiMessages } from "@/components/account/api-messages";
import { Form } from "@/components/ui/form";
import { FormProblem } from "@/components/ui/form-problem";
import { PortalApiError } from "@/lib/portal-api/client";
import type { AdminClient } from "@/lib/oauth/clients/staff-schemas";
import { useUpdateClient } from "./admin-queries";
import { useFieldSentence } from "./household-refusal";
import { TextLines, lines } from "./register-client-form";

/**
 * A check-in kiosk's campus networks (docs/decisions/0023, "Kiosks"): the addresses and ranges its tablets
 * may be set up and used from, one a line; none for anywhere. The one setting staff change on a kiosk's app,
 * which is otherwise the church's own and changed on the server. The API checks every line again; a line it
 * refuses is named under the field, counted from 1 as the office sees it. Words: "AdminKiosks".
 */
export function KioskNetworksForm({ client, onDone }: { client: AdminClient & { check_in_campus: { name: string } }; onDone: (saved: boolean) => void }) {
  const t = useTranslations("AdminKiosks");
  const api = useApiMessages();
  const fieldSentence = useFieldSentence();
  const update = useUpdateClient();
  const [text, setText] = useState(client.allowed_networks.join("\n"));
  const [fieldError, setFieldError] = useState("");
  const [problem, setProblem] = useState("");
  const field = useRef<HTMLTextAreaElement>(null);
  const campus = client.check_in_campus.name;

  function save(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    setFieldError("");
    setProblem("");
    const sent = lines(text);
    update.mutate(
      { clientId: client.client_id, body: { allowed_networks: sent } },
      {
        onSuccess: () => onDone(true),
        onError: (error) => {
          const refused = error instanceof PortalApiError && error.code === "invalid_request" ? /^allowed_networks(?:\.(\d+))?: (.+)$/.exec(error.message.split("; ")[0] ?? "") : null;
          if (refused) {
            // A line the API refused, in the office's words and with what was written there.
            const line = refused[1] === undefined ? null : Number(refused[1]);
            const written = line === null ? undefined : sent[line];
            setFieldError(
              written === undefined
                ? fieldSentence(refused[2]!)
                : t("badLine", { line: line! + 1, written }),
            );
            field.current?.focus();
          } else setProblem(api.failed(t("saveFailed", { name: client.name }), error));
        },
      },
    );
  }

  return (
    <Form
      onSubmit={save}
      submitLabel={t("save")}
      pendingLabel={t("saving")}
      pending={update.isPending}
      label={t("formLabel", { name: client.name })}
      actions={
        <button type="button" className="button" onClick={() => onDone(false)}>
          {t("cancel")}
        </button>
      }
    >
      <FormProblem message={problem} />
      <TextLines
        label={t("label", { campus })}
        hint={t("hint", { campus })}
        error={fieldError}
        value={text}
        onChange={setText}
        textareaRef={field}
      />
    </Form>
  );
}
