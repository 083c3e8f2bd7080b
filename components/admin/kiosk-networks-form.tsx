"use client";

import { useRef, useState, type FormEvent } from "react";
import { asSentence, failedMessage } from "@/components/account/api-messages";
import { Form } from "@/components/ui/form";
import { FormProblem } from "@/components/ui/form-problem";
import { PortalApiError } from "@/lib/portal-api/client";
import type { AdminClient } from "@/lib/oauth/clients/staff-schemas";
import { useUpdateClient } from "./admin-queries";
import { TextLines, lines } from "./register-client-form";

/**
 * A check-in kiosk's campus networks (docs/decisions/0023, "Kiosks"): the addresses and ranges its tablets
 * may be set up and used from, one a line; none for anywhere. The one setting staff change on a kiosk's app,
 * which is otherwise the church's own and changed on the server. The API checks every line again; a line it
 * refuses is named under the field, counted from 1 as the office sees it.
 */
export function KioskNetworksForm({ client, onDone }: { client: AdminClient & { check_in_campus: { name: string } }; onDone: (saved: boolean) => void }) {
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
                ? asSentence(refused[2]!)
                : `Line ${line! + 1}: “${written}” is not an internet address or a range. Write one such as 203.0.113.7 or 203.0.113.0/24; for anywhere, leave the box empty.`,
            );
            field.current?.focus();
          } else setProblem(failedMessage(`save the networks of “${client.name}”`, error));
        },
      },
    );
  }

  return (
    <Form
      onSubmit={save}
      submitLabel="Save networks"
      pendingLabel="Saving…"
      pending={update.isPending}
      label={`Networks of ${client.name}`}
      actions={
        <button type="button" className="button" onClick={() => onDone(false)}>
          Cancel
        </button>
      }
    >
      <FormProblem message={problem} />
      <TextLines
        label={`${campus}’s networks`}
        hint={`The internet addresses of ${campus}’s Wi-Fi and wired network, one a line: an address such as 203.0.113.7, or a range such as 203.0.113.0/24. Your internet provider or whoever looks after the network can tell you. Leave it empty to allow kiosks to be set up and used from anywhere.`}
        error={fieldError}
        value={text}
        onChange={setText}
        textareaRef={field}
      />
    </Form>
  );
}
