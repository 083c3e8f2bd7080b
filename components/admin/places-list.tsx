"use client";

import { useId, useRef, useState, type FormEvent } from "react";
import { failedMessage } from "@/components/account/api-messages";
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

const WORDS = {
  campuses: { title: "Campuses", one: "campus", many: "campuses", add: "Add a campus" },
  ministries: { title: "Ministries", one: "ministry", many: "ministries", add: "Add a ministry" },
} as const;

/** Every IANA zone this browser knows, offered while typing (the API checks the name again). */
const TIME_ZONES = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];

/** A refusal that names a field goes under it, in the form's words; anything else above the form. */
function fieldRefusal(error: Error | null, field: string): string | undefined {
  if (!(error instanceof PortalApiError)) return undefined;
  const match = /^(name|timezone): (.+)$/.exec(error.message);
  return match?.[1] === field ? `${match[2]!.replace(/^./, (first) => first.toUpperCase())}.` : undefined;
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
  const save = useSavePlace(kind);
  const [name, setName] = useState(place?.name ?? "");
  const [timezone, setTimezone] = useState(place?.timezone ?? "");
  const [complaint, setComplaint] = useState<{ field: "name" | "timezone"; message: string } | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const zoneInput = useRef<HTMLInputElement>(null);
  const zonesId = useId();
  const general = save.error && !fieldRefusal(save.error, "name") && !fieldRefusal(save.error, "timezone") ? failedMessage(`save the ${WORDS[kind].one}`, save.error) : "";

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    if (!name.trim()) {
      setComplaint({ field: "name", message: "Enter a name." });
      nameInput.current?.focus();
      return;
    }
    if (kind === "campuses" && !timezone.trim()) {
      setComplaint({ field: "timezone", message: "Enter a time zone, like America/New_York." });
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
      pendingLabel="Saving…"
      pending={save.isPending}
      label={label}
      actions={
        <button type="button" className="button" onClick={() => onDone(null)}>
          Cancel
        </button>
      }
    >
      <FormProblem message={general} />
      <TextField
        label="Name"
        name="name"
        autoComplete="off"
        maxLength={120}
        value={name}
        inputRef={nameInput}
        error={complaint?.field === "name" ? complaint.message : fieldRefusal(save.error, "name")}
        onChange={(event) => setName(event.target.value)}
      />
      {kind === "campuses" ? (
        <>
          <TextField
            label="Time zone"
            name="timezone"
            hint="The IANA name, like America/New_York. New events at this campus start in it; existing events keep theirs."
            autoComplete="off"
            list={zonesId}
            maxLength={64}
            value={timezone}
            inputRef={zoneInput}
            error={complaint?.field === "timezone" ? complaint.message : fieldRefusal(save.error, "timezone")}
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
  const words = WORDS[kind];
  const [query, setQuery] = useState({ q: "", page: 1 });
  const places = useAdminPlaces(kind, query);
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const titles = useRef(new Map<string, HTMLHeadingElement>());

  return (
    <Section id={`${kind}-title`} title={words.title} status={announcement}>
      <StaffSearch name={words.title} label={`Search ${words.many} by name`} onSearch={(q) => setQuery({ q, page: 1 })} />
      {canWrite ? (
        adding ? (
          <Panel title={words.add}>
            <PlaceForm
              kind={kind}
              place={null}
              label={words.add}
              submitLabel={words.add}
              onDone={(saved) => {
                setAdding(false);
                if (saved) setAnnouncement(`${saved.name} is added.`);
              }}
            />
          </Panel>
        ) : (
          <Actions>
            <button type="button" className="button" onClick={() => setAdding(true)}>
              {words.add}
            </button>
          </Actions>
        )
      ) : null}
      <StaffListResults
        query={places}
        page={query.page}
        perPage={PLACES_PER_PAGE}
        onPage={(next) => setQuery((current) => ({ ...current, page: next }))}
        count={[words.one, words.many]}
        loading={`Loading ${words.many}…`}
        failure={`We couldn’t load the ${words.many}`}
        empty={query.q ? `No ${words.one} matches this search.` : `No ${words.many} yet.`}
        pagerLabel={`Pages of ${words.many}`}
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
                  label={`Change ${place.name}`}
                  submitLabel="Save"
                  onDone={(saved) => {
                    setEditing(null);
                    if (saved) setAnnouncement(`${saved.name} is saved.`);
                    requestAnimationFrame(() => titles.current.get(place.id)?.focus());
                  }}
                />
              ) : (
                <>
                  <Facts>
                    {place.timezone ? <Fact term="Time zone">{place.timezone}</Fact> : null}
                    <Fact term="Events">{place.event_count}</Fact>
                  </Facts>
                  {canWrite ? (
                    <Actions>
                      <button type="button" className="button" onClick={() => setEditing(place.id)}>
                        Change<span className="visually-hidden"> {place.name}</span>
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
