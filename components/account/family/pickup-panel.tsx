"use client";

import { useRef, useState, type FormEvent } from "react";
import { FormProblem } from "@/components/ui/form-problem";
import { Form } from "@/components/ui/form";
import { Meta, Panel, QueryStates, Row, RowList } from "@/components/ui/section";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { formatPhoneNumber, parsePhoneNumber, type PhoneCountry } from "@/lib/contacts/phone-number";
import { PortalApiError } from "@/lib/portal-api/client";
import type { PickupKind, PickupList } from "@/lib/families/pickup-schemas";
import { failedMessage } from "../api-messages";
import { phoneNumberHint, unreadablePhoneNumber } from "../phone-words";
import { useAddPickupPerson, usePickupList, useRemovePickupPerson } from "./family-queries";
import styles from "./family.module.css";

const KIND_WORDS: Record<PickupKind, string> = { authorized: "May collect", not_authorized: "May not collect" };

/**
 * Who may collect one child from the children's ministry, for the household's adults: its adults (unless
 * marked otherwise), the people they named, and those who may not; with a form to name someone and a
 * button per entry to take it off. Check-in at the door reads the same list. A phone number is typed and
 * shown as written in the church's `country` (or with + and a country code), and sent in E.164.
 */
export function PickupPanel({ childId, childName, country, onAnnounce }: { childId: string; childName: string; country: PhoneCountry; onAnnounce: (text: string) => void }) {
  const list = usePickupList(childId);
  return (
    <Panel title={`Who may collect ${childName}`}>
      <QueryStates query={list} what={`who may collect ${childName}`}>
        {(data) => <PickupLists data={data} childId={childId} childName={childName} country={country} onAnnounce={onAnnounce} />}
      </QueryStates>
    </Panel>
  );
}

function PickupLists({
  data,
  childId,
  childName,
  country,
  onAnnounce,
}: {
  data: PickupList;
  childId: string;
  childName: string;
  country: PhoneCountry;
  onAnnounce: (text: string) => void;
}) {
  const add = useAddPickupPerson(childId);
  const remove = useRemovePickupPerson(childId);
  const [failure, setFailure] = useState("");

  function mark(userId: string, name: string) {
    setFailure("");
    add.mutate({ kind: "not_authorized", user_id: userId }, { onSuccess: () => onAnnounce(`${name} may no longer collect ${childName}.`), onError: (error) => setFailure(failedMessage(`mark ${name}`, error)) });
  }

  function takeOff(id: string, name: string) {
    setFailure("");
    remove.mutate(id, { onSuccess: () => onAnnounce(`${name} is off ${childName}’s list.`), onError: (error) => setFailure(failedMessage(`take ${name} off the list`, error)) });
  }

  return (
    <>
      <FormProblem message={failure} />
      <RowList label={`The household’s adults, for ${childName}`}>
        {data.household_adults.map((adult) => (
          <Row key={adult.user_id} spread>
            <span className={styles.memberName}>{adult.name}</span>
            {adult.authorized ? (
              <span className={styles.pickupActions}>
                <span className="badge">May collect</span>
                <button type="button" className="button button--link" onClick={() => mark(adult.user_id, adult.name)}>
                  Mark as not allowed<span className="visually-hidden"> for {adult.name}</span>
                </button>
              </span>
            ) : (
              <span className="badge badge--danger">May not collect</span>
            )}
          </Row>
        ))}
      </RowList>
      {data.people.length > 0 ? (
        <RowList label={`Others, for ${childName}`}>
          {data.people.map((person) => (
            <Row key={person.id} spread>
              <span className={styles.memberName}>
                {person.name}
                {person.relation ? <span className="muted"> · {person.relation}</span> : null}
                {person.phone ? <span className="muted"> · {formatPhoneNumber(person.phone, country)}</span> : null}
              </span>
              <span className={styles.pickupActions}>
                <span className={person.kind === "authorized" ? "badge" : "badge badge--danger"}>{KIND_WORDS[person.kind]}</span>
                <button type="button" className="button button--link" onClick={() => takeOff(person.id, person.name)}>
                  Take off<span className="visually-hidden"> {person.name}</span>
                </button>
              </span>
            </Row>
          ))}
        </RowList>
      ) : (
        <Meta>No one else is named yet.</Meta>
      )}
      <AddPickupPersonForm
        childName={childName}
        country={country}
        pending={add.isPending}
        error={add.error}
        onAdd={(body, done) =>
          add.mutate(body, {
            onSuccess: () => {
              done();
              onAnnounce(`${body.name} is on ${childName}’s list.`);
            },
          })
        }
      />
    </>
  );
}

interface NamedPerson {
  kind: PickupKind;
  name: string;
  relation?: string;
  phone?: string | null;
}

function AddPickupPersonForm({
  childName,
  country,
  pending,
  error,
  onAdd,
}: {
  childName: string;
  country: PhoneCountry;
  pending: boolean;
  error: Error | null;
  onAdd: (body: NamedPerson, done: () => void) => void;
}) {
  const [kind, setKind] = useState<PickupKind>("authorized");
  const [name, setName] = useState("");
  const [relation, setRelation] = useState("");
  const [phone, setPhone] = useState("");
  const [complaint, setComplaint] = useState("");
  const [phoneComplaint, setPhoneComplaint] = useState("");
  const nameInput = useRef<HTMLInputElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  const refusal = error instanceof PortalApiError ? /^(name|relation|phone): (.+)$/.exec(error.message) : null;
  const fieldError = (field: string) => (refusal?.[1] === field ? `${refusal[2]!.replace(/^./, (first) => first.toUpperCase())}.` : undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!name.trim()) {
      setComplaint("Enter their name.");
      nameInput.current?.focus();
      return;
    }
    setComplaint("");
    const typedPhone = phone.trim();
    const parsedPhone = typedPhone ? parsePhoneNumber(typedPhone, country) : null;
    if (typedPhone && !parsedPhone) {
      setPhoneComplaint(unreadablePhoneNumber(country));
      phoneInput.current?.focus();
      return;
    }
    setPhoneComplaint("");
    onAdd({ kind, name: name.trim(), ...(relation.trim() ? { relation: relation.trim() } : {}), phone: parsedPhone?.e164 ?? null }, () => {
      setName("");
      setRelation("");
      setPhone("");
    });
  }

  return (
    <Form onSubmit={submit} submitLabel="Add to the list" pendingLabel="Adding…" pending={pending} label={`Name someone for ${childName}`} tone="plain">
      <FormProblem message={error && !refusal ? failedMessage("add them", error) : ""} />
      <SelectField label="May they collect the child?" name="kind" value={kind} onChange={(event) => setKind(event.target.value as PickupKind)}>
        <option value="authorized">Yes, they may collect</option>
        <option value="not_authorized">No, they may not</option>
      </SelectField>
      <TextField label="Name" name="name" autoComplete="off" maxLength={100} value={name} inputRef={nameInput} error={complaint || fieldError("name")} onChange={(event) => setName(event.target.value)} />
      <TextField label="Relation (optional)" name="relation" hint="Like “Grandmother”." autoComplete="off" maxLength={60} value={relation} error={fieldError("relation")} onChange={(event) => setRelation(event.target.value)} />
      <TextField
        label="Phone (optional)"
        name="phone"
        type="tel"
        hint={phoneNumberHint(country)}
        autoComplete="off"
        maxLength={40}
        value={phone}
        inputRef={phoneInput}
        error={phoneComplaint || fieldError("phone")}
        onChange={(event) => {
          setPhone(event.target.value);
          if (phoneComplaint) setPhoneComplaint("");
        }}
      />
    </Form>
  );
}
