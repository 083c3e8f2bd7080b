"use client";

import { useTranslations } from "next-intl";
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { FormProblem } from "@/components/ui/form-problem";
import { Form } from "@/components/ui/form";
import { Meta, Panel, QueryStates, Row, RowList } from "@/components/ui/section";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { formatPhoneNumber, parsePhoneNumber, type PhoneCountry } from "@/lib/contacts/phone-number";
import type { PickupKind, PickupList } from "@/lib/families/pickup-schemas";
import { useApiMessages } from "../api-messages";
import { phoneNumberHint, unreadablePhoneNumber } from "../phone-words";
import { useAddPickupPerson, usePickupList, useRemovePickupPerson } from "./family-queries";
import styles from "./family.module.css";

/**
 * Who may collect one child from the children's ministry, for the household's adults: its adults (unless
 * marked otherwise), the people they named, and those who may not; with a form to name someone and a
 * button per entry to take it off. Check-in at the door reads the same list. A phone number is typed and
 * shown as written in the church's `country` (or with + and a country code), and sent in E.164.
 */
export function PickupPanel({ childId, childName, country, onAnnounce }: { childId: string; childName: string; country: PhoneCountry; onAnnounce: (text: string) => void }) {
  const t = useTranslations("AccountFamily.pickup");
  const list = usePickupList(childId);
  return (
    <Panel title={t("title", { child: childName })}>
      <QueryStates query={list} loading={t("loading", { child: childName })} failure={t("loadFailed", { child: childName })}>
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
  const t = useTranslations("AccountFamily.pickup");
  const api = useApiMessages();
  const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;
  const add = useAddPickupPerson(childId);
  const remove = useRemovePickupPerson(childId);
  const [failure, setFailure] = useState("");

  function mark(userId: string, name: string) {
    setFailure("");
    add.mutate(
      { kind: "not_authorized", user_id: userId },
      { onSuccess: () => onAnnounce(t("marked", { name, child: childName })), onError: (error) => setFailure(api.failed(t("markFailed", { name }), error)) },
    );
  }

  function takeOff(id: string, name: string) {
    setFailure("");
    remove.mutate(id, { onSuccess: () => onAnnounce(t("takenOff", { name, child: childName })), onError: (error) => setFailure(api.failed(t("takeOffFailed", { name }), error)) });
  }

  return (
    <>
      <FormProblem message={failure} />
      <RowList label={t("adultsLabel", { child: childName })}>
        {data.household_adults.map((adult) => (
          <Row key={adult.user_id} spread>
            <span className={styles.memberName}>{adult.name}</span>
            {adult.authorized ? (
              <span className={styles.pickupActions}>
                <span className="badge">{t("kinds.authorized")}</span>
                <button type="button" className="button button--link" onClick={() => mark(adult.user_id, adult.name)}>
                  {t.rich("markNotAllowed", { name: adult.name, hidden })}
                </button>
              </span>
            ) : (
              <span className="badge badge--danger">{t("kinds.not_authorized")}</span>
            )}
          </Row>
        ))}
      </RowList>
      {data.people.length > 0 ? (
        <RowList label={t("othersLabel", { child: childName })}>
          {data.people.map((person) => (
            <Row key={person.id} spread>
              <span className={styles.memberName}>
                {person.name}
                {person.relation ? <span className="muted"> · {person.relation}</span> : null}
                {person.phone ? <span className="muted"> · {formatPhoneNumber(person.phone, country)}</span> : null}
              </span>
              <span className={styles.pickupActions}>
                <span className={person.kind === "authorized" ? "badge" : "badge badge--danger"}>{t(`kinds.${person.kind}`)}</span>
                <button type="button" className="button button--link" onClick={() => takeOff(person.id, person.name)}>
                  {t.rich("takeOff", { name: person.name, hidden })}
                </button>
              </span>
            </Row>
          ))}
        </RowList>
      ) : (
        <Meta>{t("noOthers")}</Meta>
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
              onAnnounce(t("added", { name: body.name, child: childName }));
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
  const t = useTranslations("AccountFamily.pickup");
  const account = useTranslations("Account");
  const api = useApiMessages();
  const [kind, setKind] = useState<PickupKind>("authorized");
  const [name, setName] = useState("");
  const [relation, setRelation] = useState("");
  const [phone, setPhone] = useState("");
  const [complaint, setComplaint] = useState("");
  const [phoneComplaint, setPhoneComplaint] = useState("");
  const nameInput = useRef<HTMLInputElement>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  const fieldErrors = { name: api.fieldRefusal(error, "name"), relation: api.fieldRefusal(error, "relation"), phone: api.fieldRefusal(error, "phone") };
  const fieldError = (field: keyof typeof fieldErrors) => fieldErrors[field] ?? undefined;
  const refused = Object.values(fieldErrors).some(Boolean);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (!name.trim()) {
      setComplaint(t("nameMissing"));
      nameInput.current?.focus();
      return;
    }
    setComplaint("");
    const typedPhone = phone.trim();
    const parsedPhone = typedPhone ? parsePhoneNumber(typedPhone, country) : null;
    if (typedPhone && !parsedPhone) {
      setPhoneComplaint(unreadablePhoneNumber(account, country));
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
    <Form onSubmit={submit} submitLabel={t("submit")} pendingLabel={t("adding")} pending={pending} label={t("formLabel", { child: childName })} tone="plain">
      <FormProblem message={error && !refused ? api.failed(t("addFailed"), error) : ""} />
      <SelectField label={t("kindLabel")} name="kind" value={kind} onChange={(event) => setKind(event.target.value as PickupKind)}>
        <option value="authorized">{t("kindYes")}</option>
        <option value="not_authorized">{t("kindNo")}</option>
      </SelectField>
      <TextField label={t("name")} name="name" autoComplete="off" maxLength={100} value={name} inputRef={nameInput} error={complaint || fieldError("name")} onChange={(event) => setName(event.target.value)} />
      <TextField label={t("relation")} name="relation" hint={t("relationHint")} autoComplete="off" maxLength={60} value={relation} error={fieldError("relation")} onChange={(event) => setRelation(event.target.value)} />
      <TextField
        label={t("phone")}
        name="phone"
        type="tel"
        hint={phoneNumberHint(account, country)}
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
