"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { Form } from "@/components/ui/form";
import { FormProblem } from "@/components/ui/form-problem";
import { Meta, QueryStates, Row, RowList, Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import type { AdminEventRegistrations } from "@/lib/registrations/schemas";
import { useApiMessages } from "../account/api-messages";
import { LocalDateTime } from "../account/local-time";
import styles from "./admin.module.css";
import { useEventRegistrations, useSaveRegistrationSettings } from "./registration-queries";

// i18n-uses: AdminEvents.signUp.signedUp
// i18n-uses: AdminEvents.signUp.signedUpWaiting
// i18n-uses: AdminEvents.signUp.placesTaken
// i18n-uses: AdminEvents.signUp.placesTakenWaiting
// i18n-uses: AdminEvents.signUp.signedUpAt
// i18n-uses: AdminEvents.signUp.signedUpAtFromWaitlist

/**
 * Staff: an event's sign-up on this site (docs/decisions/0024): switch it on, its window and waitlist, and
 * who holds a place or waits for one, in order. Times are typed in the browser's own zone.
 */
export function EventSignUpSettings({ eventId }: { eventId: string }) {
  const t = useTranslations("AdminEvents.signUp");
  const registrations = useEventRegistrations(eventId);
  const [status, setStatus] = useState("");
  return (
    <div className={styles.afterForm}>
    <Section id="sign-up-title" title={t("title")} description={t("description")} status={status}>
      <QueryStates query={registrations} loading={t("loading")} failure={t("loadFailed")}>
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
  const t = useTranslations("AdminEvents.signUp");
  const api = useApiMessages();
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
    if (opens && closes && opens >= closes) return setComplaint(t("closeAfterOpen"));
    setComplaint("");
    save.mutate(
      { open, waitlist, opens_at: opens?.toISOString() ?? null, closes_at: closes?.toISOString() ?? null },
      { onSuccess: () => onSaved(open ? t("savedOn") : t("savedOff")) },
    );
  }

  return (
    <Form onSubmit={submit} submitLabel={t("save")} pendingLabel={t("saving")} pending={save.isPending} label={t("formLabel")}>
      <FormProblem message={complaint || (save.error ? api.failed(t("saveFailed"), save.error) : "")} />
      <CheckboxField label={t("open")} hint={t("openHint")} checked={open} onChange={(change) => setOpen(change.target.checked)} />
      <TextField label={t("opens")} hint={t("opensHint")} type="datetime-local" value={opensAt} onChange={(change) => setOpensAt(change.target.value)} />
      <TextField label={t("closes")} hint={t("closesHint")} type="datetime-local" value={closesAt} onChange={(change) => setClosesAt(change.target.value)} />
      <CheckboxField label={t("waitlist")} hint={t("waitlistHint")} checked={waitlist} onChange={(change) => setWaitlist(change.target.checked)} />
    </Form>
  );
}

function People({ data }: { data: AdminEventRegistrations }) {
  const t = useTranslations("AdminEvents.signUp");
  const { summary, registrations } = data;
  const places = registrations.filter((r) => r.status === "registered");
  const waiting = registrations.filter((r) => r.status === "waitlisted");
  return (
    <>
      <p>
        {summary.waitlisted > 0
          ? t.rich(summary.capacity === null ? "signedUpWaiting" : "placesTakenWaiting", { registered: summary.registered, capacity: summary.capacity ?? 0, waitlisted: summary.waitlisted, strong: (chunks) => <strong>{chunks}</strong> })
          : t.rich(summary.capacity === null ? "signedUp" : "placesTaken", { registered: summary.registered, capacity: summary.capacity ?? 0, strong: (chunks) => <strong>{chunks}</strong> })}
      </p>
      {places.length > 0 ? (
        <>
        <h3>{t("places")}</h3>
        <RowList label={t("places")}>
          {places.map((r) => (
            <Row key={r.id} spread>
              <strong>
                {r.given_name} {r.family_name}
              </strong>
              <Meta>{t.rich(r.promoted_at ? "signedUpAtFromWaitlist" : "signedUpAt", { at: () => <LocalDateTime iso={r.promoted_at ?? r.created_at} /> })}</Meta>
            </Row>
          ))}
        </RowList>
        </>
      ) : null}
      {waiting.length > 0 ? (
        <>
        <h3>{t("waitlistHeading")}</h3>
        <RowList ordered label={t("waitlistLabel")}>
          {waiting.map((r) => (
            <Row key={r.id} spread>
              <strong>
                {r.waitlist_position}. {r.given_name} {r.family_name}
              </strong>
              <Meta>{t.rich("waitingSince", { at: () => <LocalDateTime iso={r.created_at} /> })}</Meta>
            </Row>
          ))}
        </RowList>
        </>
      ) : null}
    </>
  );
}
