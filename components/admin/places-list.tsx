"use client";

import { useLocale, useTranslations } from "next-intl";
import { useId, useRef, useState, type FormEvent } from "react";
import { useApiMessages } from "@/components/account/api-messages";
import { FormProblem } from "@/components/ui/form-problem";
import { Form } from "@/components/ui/form";
import { Actions, Card, Fact, Facts, Panel, Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import { PortalApiError } from "@/lib/portal-api/client";
import { PLACES_PER_PAGE, useAdminPlaces, useSavePlace } from "./admin-queries";
import { StaffListResults } from "./staff-list-results";
import { StaffSearch } from "./staff-search";

type Kind = "campuses" | "ministries";

interface Place {
  id: string;
  name: string;
  timezone?: string;
  event_count: number;
}


/** Every IANA zone this browser knows, offered while typing (the API checks the name again). */
const TIME_ZONES = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];

/**
 * A refusal that names a field goes under it, anything else above the form: on an English page in the API's
 * own words as a sentence, in another language as `other` (the form's own "check this" words).
 */
function fieldRefusal(error: Error | null, field: string, other: string | null): string | undefined {
  if (!(error instanceof PortalApiError)) return undefined;
  const match = /^(name|timezone): (.+)$/.exec(error.message);
  if (match?.[1] !== field) return undefined;
  return other ?? `${match[2]!.replace(/^./, (first) => first.toUpperCase())}.`;
}

function PlaceForm({
  kind,
  place,
  label,
  submitLabel,
  onDone,
}: {
  kind: Kind;
  place: Place | null;
  label: string;
  submitLabel: string;
  onDone: (saved: Place | null) => void;
}) {
  const t = useTranslations("AdminPlaces");
  const locale = useLocale();
  const api = useApiMessages();
  const save = useSavePlace(kind);
  const [name, setName] = useState(place?.name ?? "");
  const [timezone, setTimezone] = useState(place?.timezone ?? "");
  const [complaint, setComplaint] = useState<{ field: "name" | "timezone"; message: string } | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const zoneInput = useRef<HTMLInputElement>(null);
  const zonesId = useId();
  const refusal = (field: "name" | "timezone") => fieldRefusal(save.error, field, locale === "en" ? null : t(field === "name" ? "checkName" : "checkTimezone"));
  const general = save.error && !refusal("name") && !refusal("timezone") ? api.failed(t(`${kind}.saveFailed`), save.error) : "";

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    if (!name.trim()) {
      setComplaint({ field: "name", message: t("enterName") });
      nameInput.current?.focus();
      return;
    }
    if (kind === "campuses" && !timezone.trim()) {
      setComplaint({ field: "timezone", message: t("enterTimezone") });
      zoneInput.current?.focus();
      return;
    }
    setComplaint(null);
    const body = kind === "campuses" ? { name: name.trim(), timezone: timezone.trim() } : { name: name.trim() };
    save.mutate({ id: place?.id ?? null, body }, { onSuccess: (saved) => onDone(saved as Place) });
  }

  return (
    <Form
      onSubmit={submit}
      submitLabel={submitLabel}
      pendingLabel={t("saving")}
      pending={save.isPending}
      label={label}
      actions={
        <button type="button" className="button" onClick={() => onDone(null)}>
          {t("cancel")}
        </button>
      }
    >
      <FormProblem message={general} />
      <TextField
        label={t("name")}
        name="name"
        autoComplete="off"
        maxLength={120}
        value={name}
        inputRef={nameInput}
        error={complaint?.field === "name" ? complaint.message : refusal("name")}
        onChange={(event) => setName(event.target.value)}
      />
      {kind === "campuses" ? (
        <>
          <TextField
            label={t("timezone")}
            name="timezone"
            hint={t("timezoneHint")}
            autoComplete="off"
            list={zonesId}
            maxLength={64}
            value={timezone}
            inputRef={zoneInput}
            error={complaint?.field === "timezone" ? complaint.message : refusal("timezone")}
            onChange={(event) => setTimezone(event.target.value)}
          />
          <datalist id={zonesId}>
            {TIME_ZONES.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </>
      ) : null}
    </Form>
  );
}

/**
 * Campuses (with their IANA time zones) or ministries, for the church office: searched and paged, each
 * renamed (a campus also moved to another time zone) in place, and new ones added. Staff with
 * events:write change them; the calendar shows a new name at once.
 */
export function PlacesList({ kind, canWrite }: { kind: Kind; canWrite: boolean }) {
  const t = useTranslations("AdminPlaces");
  const [query, setQuery] = useState({ q: "", page: 1 });
  const places = useAdminPlaces(kind, query);
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const titles = useRef(new Map<string, HTMLHeadingElement>());

  return (
    <Section id={`${kind}-title`} title={t(`${kind}.title`)} status={announcement}>
      <StaffSearch name={t(`${kind}.title`)} label={t(`${kind}.searchLabel`)} onSearch={(q) => setQuery({ q, page: 1 })} />
      {canWrite ? (
        adding ? (
          <Panel title={t(`${kind}.add`)}>
            <PlaceForm
              kind={kind}
              place={null}
              label={t(`${kind}.add`)}
              submitLabel={t(`${kind}.add`)}
              onDone={(saved) => {
                setAdding(false);
                if (saved) setAnnouncement(t("added", { name: saved.name }));
              }}
            />
          </Panel>
        ) : (
          <Actions>
            <button type="button" className="button" onClick={() => setAdding(true)}>
              {t(`${kind}.add`)}
            </button>
          </Actions>
        )
      ) : null}
      <StaffListResults
        query={places}
        page={query.page}
        perPage={PLACES_PER_PAGE}
        onPage={(next) => setQuery((current) => ({ ...current, page: next }))}
        count={(total) => (total === undefined ? t(`${kind}.countHeading`) : t(`${kind}.count`, { count: total }))}
        loading={t(`${kind}.loading`)}
        failure={t(`${kind}.loadFailed`)}
        empty={query.q ? t(`${kind}.noMatch`) : t(`${kind}.none`)}
        pagerLabel={t(`${kind}.pagerLabel`)}
      >
        {(items) =>
          (items as Place[]).map((place) => (
            <Card
              key={place.id}
              as="li"
              headingRef={(element) => {
                if (element) titles.current.set(place.id, element);
                else titles.current.delete(place.id);
              }}
              title={place.name}
            >
              {editing === place.id ? (
                <PlaceForm
                  kind={kind}
                  place={place}
                  label={t("changeLabel", { name: place.name })}
                  submitLabel={t("save")}
                  onDone={(saved) => {
                    setEditing(null);
                    if (saved) setAnnouncement(t("saved", { name: saved.name }));
                    requestAnimationFrame(() => titles.current.get(place.id)?.focus());
                  }}
                />
              ) : (
                <>
                  <Facts>
                    {place.timezone ? <Fact term={t("timezone")}>{place.timezone}</Fact> : null}
                    <Fact term={t("events")}>{place.event_count}</Fact>
                  </Facts>
                  {canWrite ? (
                    <Actions>
                      <button type="button" className="button" onClick={() => setEditing(place.id)}>
                        {t.rich("change", { name: place.name, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> })}
                      </button>
                    </Actions>
                  ) : null}
                </>
              )}
            </Card>
          ))
        }
      </StaffListResults>
    </Section>
  );
}
