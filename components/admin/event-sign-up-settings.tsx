"use client";

import { useState, type FormEvent } from "react";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { Form } from "@/components/ui/form";
import { FormProblem } from "@/components/ui/form-problem";
import { Meta, QueryStates, Row, RowList, Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import type { AdminEventRegistrations } from "@/lib/registrations/schemas";
import { failedMessage } from "../account/api-messages";
import { LocalDateTime } from "../account/local-time";
import styles from "./admin.module.css";
import { useEventRegistrations, useSaveRegistrationSettings } from "./registration-queries";

/**
 * Staff: an event's sign-up on this site (docs/decisions/0024): switch it on, its window and waitlist, and
 * who holds a place or waits for one, in order. Times are typed in the browser's own zone.
 */
export function EventSignUpSettings({ eventId }: { eventId: string }) {
  const registrations = useEventRegistrations(eventId);
  const [status, setStatus] = useState("");
  return (
    <div className={styles.afterForm}>
    <Section id="sign-up-title" title="Sign-up" description="Members sign themselves and their children up on the event’s page. The event’s capacity caps the places." status={status}>
      <QueryStates query={registrations} what="the sign-up">
        {(data) => (
          <>
            <SettingsForm eventId={eventId} data={data} onSaved={setStatus} />
            <People data={data} />
          </>
        )}
      </QueryStates>
    </Section>
    </div>
  );
}

/** `2027-03-01T09:00` in the browser's zone, as a datetime-local field shows an instant. */
function localInput(iso: string | null): string {
  if (!iso) return "";
  const at = new Date(iso);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function SettingsForm({ eventId, data, onSaved }: { eventId: string; data: AdminEventRegistrations; onSaved: (status: string) => void }) {
  const save = useSaveRegistrationSettings(eventId);
  const [open, setOpen] = useState(data.settings.open);
  const [waitlist, setWaitlist] = useState(data.settings.waitlist);
  const [opensAt, setOpensAt] = useState(localInput(data.settings.opens_at));
  const [closesAt, setClosesAt] = useState(localInput(data.settings.closes_at));
  const [complaint, setComplaint] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    onSaved("");
    const opens = opensAt ? new Date(opensAt) : null;
    const closes = closesAt ? new Date(closesAt) : null;
    if (opens && closes && opens >= closes) return setComplaint("Sign-up must close after it opens.");
    setComplaint("");
    save.mutate(
      { open, waitlist, opens_at: opens?.toISOString() ?? null, closes_at: closes?.toISOString() ?? null },
      { onSuccess: () => onSaved(open ? "Sign-up is saved and on." : "Sign-up is saved and off.") },
    );
  }

  return (
    <Form onSubmit={submit} submitLabel="Save sign-up" pendingLabel="Saving…" pending={save.isPending} label="Sign-up settings">
      <FormProblem message={complaint || (save.error ? failedMessage("save the sign-up", save.error) : "")} />
      <CheckboxField label="Take sign-up on this site" hint="Off: the event page shows no sign-up (an external registration link still shows)." checked={open} onChange={(change) => setOpen(change.target.checked)} />
      <TextField label="Opens" hint="Your own time. Leave empty to open at once." type="datetime-local" value={opensAt} onChange={(change) => setOpensAt(change.target.value)} />
      <TextField label="Closes" hint="Your own time. Leave empty to close when the event starts." type="datetime-local" value={closesAt} onChange={(change) => setClosesAt(change.target.value)} />
      <CheckboxField label="Keep a waitlist when full" hint="A cancelled place goes to the first in line, who is told by email." checked={waitlist} onChange={(change) => setWaitlist(change.target.checked)} />
    </Form>
  );
}

function People({ data }: { data: AdminEventRegistrations }) {
  const { summary, registrations } = data;
  const places = registrations.filter((r) => r.status === "registered");
  const waiting = registrations.filter((r) => r.status === "waitlisted");
  return (
    <>
      <p>
        <strong>{summary.capacity === null ? `${summary.registered} signed up` : `${summary.registered} of ${summary.capacity} places taken`}</strong>
        {summary.waitlisted > 0 ? ` · ${summary.waitlisted} on the waitlist` : ""}
      </p>
      {places.length > 0 ? (
        <>
        <h3>Places</h3>
        <RowList label="Places">
          {places.map((r) => (
            <Row key={r.id} spread>
              <strong>
                {r.given_name} {r.family_name}
              </strong>
              <Meta>
                Signed up <LocalDateTime iso={r.promoted_at ?? r.created_at} />
                {r.promoted_at ? " from the waitlist" : ""}
              </Meta>
            </Row>
          ))}
        </RowList>
        </>
      ) : null}
      {waiting.length > 0 ? (
        <>
        <h3>Waitlist</h3>
        <RowList ordered label="Waitlist, first in line first">
          {waiting.map((r) => (
            <Row key={r.id} spread>
              <strong>
                {r.waitlist_position}. {r.given_name} {r.family_name}
              </strong>
              <Meta>
                Waiting since <LocalDateTime iso={r.created_at} />
              </Meta>
            </Row>
          ))}
        </RowList>
        </>
      ) : null}
    </>
  );
}
