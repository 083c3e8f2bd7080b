"use client";

import Link from "next/link";
import { useRef, useState, type FormEvent } from "react";
import { failedMessage } from "@/components/account/api-messages";
import { LocalDate } from "@/components/account/local-time";
import { ConfirmDialog, useFocusAfterClose } from "@/components/ui/confirm-dialog";
import { Form } from "@/components/ui/form";
import { FormProblem } from "@/components/ui/form-problem";
import { Actions, Fact, Facts, Meta, Panel, QueryStates, Section } from "@/components/ui/section";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import type { AdminMembershipRecord, UpdateMembershipRecordInput } from "@/lib/membership/staff-schemas";
import { PortalApiError } from "@/lib/portal-api/client";
import { useCampuses } from "./admin-queries";
import { splitRefusal } from "./household-refusal";
import { useInvitationWrites } from "./invitations-queries";
import { useMembershipRecord, useUnlinkMembershipRecord, useUpdateMembershipRecord } from "./membership-records-queries";
import own from "./membership-records.module.css";

const FIELDS = ["given_name", "middle_name", "family_name", "nickname", "birth_date", "gender", "email", "phone", "address", "household_id", "campus_id"] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;
type Complaints = Partial<Record<FieldName, string>> & { form?: string };

const OPTIONAL: ReadonlySet<FieldName> = new Set(["middle_name", "nickname", "birth_date", "gender", "email", "phone", "address", "household_id", "campus_id"]);

const GENDER_WORDS: Record<NonNullable<AdminMembershipRecord["gender"]>, string> = { female: "Female", male: "Male" };

function valuesOf(record: AdminMembershipRecord): Values {
  return {
    given_name: record.given_name,
    middle_name: record.middle_name ?? "",
    family_name: record.family_name,
    nickname: record.nickname ?? "",
    birth_date: record.birth_date ?? "",
    gender: record.gender ?? "",
    email: record.email ?? "",
    phone: record.phone ?? "",
    address: record.address ?? "",
    household_id: record.household_id ?? "",
    campus_id: record.campus?.id ?? "",
  };
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return `${trimmed.replace(/^./, (first) => first.toUpperCase())}${/[.!?]$/.test(trimmed) ? "" : "."}`;
}

/** The API's refusal (`email: must be an email address; phone: …`) under the fields it names; the rest above the form. */
function complaintsOf(error: Error): Complaints {
  if (!(error instanceof PortalApiError) || error.code !== "invalid_request") return { form: failedMessage("save the record", error) };
  const complaints: Complaints = {};
  const rest: string[] = [];
  for (const part of error.message.split("; ")) {
    const match = /^([a-z_]+): (.+)$/.exec(part);
    const field = match?.[1] as FieldName | undefined;
    if (match && field && (FIELDS as readonly string[]).includes(field)) complaints[field] ??= sentence(match[2]!);
    else rest.push(part);
  }
  if (rest.length > 0) complaints.form = failedMessage("save the record", new Error(rest.join("; ")));
  return complaints;
}

/**
 * One register record for the church office: what is on file, the account linked to it (with a way to the
 * person's page and to unlink it, confirmed first), and a form to correct it. Only the fields changed are
 * sent; the API checks them again, and its refusals go under the fields they name.
 */
export function MembershipRecordDetail({ id, canWrite }: { id: string; canWrite: boolean }) {
  const record = useMembershipRecord(id);
  const [announcement, setAnnouncement] = useState("");
  return (
    <QueryStates query={record} loading="Loading the record…" failure="We couldn’t load this record">
      {(loaded) => (
        <>
          <RecordFacts record={loaded} status={announcement} />
          <LinkedAccount record={loaded} canWrite={canWrite} onUnlinked={setAnnouncement} />
          {canWrite ? (
            <Section id="record-edit-title" title="Correct the record">
              <RecordForm key={JSON.stringify(valuesOf(loaded))} record={loaded} onSaved={setAnnouncement} />
            </Section>
          ) : null}
        </>
      )}
    </QueryStates>
  );
}

function RecordFacts({ record, status }: { record: AdminMembershipRecord; status: string }) {
  return (
    <Section id="record-title" title={`${record.given_name} ${record.family_name}`} status={status}>
      <Facts>
        <Fact term="Register id">
          <code className={own.id}>{record.membership_id}</code>
        </Fact>
        <Fact term="Campus">{record.campus?.name ?? "None"}</Fact>
        {record.middle_name ? <Fact term="Middle name">{record.middle_name}</Fact> : null}
        {record.nickname ? <Fact term="Goes by">{record.nickname}</Fact> : null}
        <Fact term="Born">{record.birth_date ?? "Not known"}</Fact>
        {record.gender ? <Fact term="Gender">{GENDER_WORDS[record.gender]}</Fact> : null}
        <Fact term="Email on file">
          <span className={own.anywhere}>{record.email ?? "None"}</span>
        </Fact>
        <Fact term="Phone on file">{record.phone ?? "None"}</Fact>
        <Fact term="Address">
          <span className={own.anywhere}>{record.address ?? "None"}</span>
        </Fact>
        <Fact term="Household number">
          <span className={own.anywhere}>{record.household_id ?? "None"}</span>
        </Fact>
        {record.household_name ? (
          <Fact term="Household name">
            <span className={own.anywhere}>{record.household_name}</span>
          </Fact>
        ) : null}
        {record.remote_id ? (
          <Fact term="Number in the system it came from">
            <code className={own.id}>{record.remote_id}</code>
          </Fact>
        ) : null}
      </Facts>
    </Section>
  );
}

function LinkedAccount({ record, canWrite, onUnlinked }: { record: AdminMembershipRecord; canWrite: boolean; onUnlinked: (message: string) => void }) {
  const unlink = useUnlinkMembershipRecord(record.membership_id);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const focusAfterClose = useFocusAfterClose(asking);
  const account = record.linked_account;
  const who = account ? `${account.given_name} ${account.family_name}` : "";

  function confirm() {
    if (unlink.isPending) return;
    setProblem("");
    unlink.mutate(undefined, {
      onSuccess: () => {
        onUnlinked(`The record is no longer linked to ${who}’s account. They can claim a record again.`);
        focusAfterClose(() => heading.current);
        setAsking(false);
      },
      onError: (error) => {
        setProblem(failedMessage("unlink the record", error));
        focusAfterClose(() => heading.current);
        setAsking(false);
      },
    });
  }

  return (
    <Section id="record-account-title" title="Linked account" headingRef={heading} alert={problem}>
      {account ? (
        <>
          <Facts>
            <Fact term="Name">{who}</Fact>
            <Fact term="Email">
              <span className={own.anywhere}>{account.email ?? "None"}</span>
            </Fact>
            <Fact term="Linked">{record.linked_at ? <LocalDate iso={record.linked_at} /> : "—"}</Fact>
          </Facts>
          <Actions divided>
            <Link className="button" href={`/admin/people/${encodeURIComponent(account.id)}`}>
              Open their page<span className="visually-hidden">: {who}</span>
            </Link>
            {canWrite ? (
              <button type="button" className="button button--danger" onClick={() => setAsking(true)}>
                Unlink from this account
              </button>
            ) : null}
          </Actions>
        </>
      ) : (
        <>
          <p className="muted">Not linked to an account. A member links it by claiming it under Account › Membership, or you link it by approving their request.</p>
          {canWrite && record.email ? <InviteToJoin record={record} /> : null}
        </>
      )}
      <ConfirmDialog open={asking} title={`Unlink the record from ${who}’s account?`} confirmLabel="Unlink" busy={unlink.isPending} onConfirm={confirm} onCancel={() => setAsking(false)}>
        <p>
          {who} will no longer be shown as this member of the register, and their security log will say that church staff unlinked it. They can claim a record
          again afterwards.
        </p>
      </ConfirmDialog>
    </Section>
  );
}

/** An email from the church with a link to make their account, linked to this record and its household at once (issue 40). */
function InviteToJoin({ record }: { record: AdminMembershipRecord }) {
  const { invite } = useInvitationWrites();
  const outcome = invite.data;
  const refusal = splitRefusal(invite.error, [] as const, "send the invitation");
  const words = !outcome
    ? ""
    : outcome.invited === 1
      ? `Invitation sent to ${record.email}. It works for 14 days; see it under Invitations.`
      : "An invitation to this record is still open: send it again from Invitations.";
  return (
    <Actions>
      {outcome ? (
        <p className="notice notice--success" role="status">
          {words}
        </p>
      ) : (
        <button type="button" className="button" disabled={invite.isPending} onClick={() => invite.mutate({ record_ids: [record.membership_id] })}>
          {invite.isPending ? "Sending…" : `Invite ${record.given_name} to make an account`}
        </button>
      )}
      <FormProblem message={refusal.message} />
    </Actions>
  );
}

function RecordForm({ record, onSaved }: { record: AdminMembershipRecord; onSaved: (message: string) => void }) {
  const save = useUpdateMembershipRecord(record.membership_id);
  const campuses = useCampuses();
  const original = valuesOf(record);
  const [values, setValues] = useState<Values>(original);
  const [complaints, setComplaints] = useState<Complaints>({});
  const box = useRef<HTMLDivElement>(null);

  function set(field: FieldName) {
    return (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [field]: value }));
      setComplaints((current) => (current[field] ? { ...current, [field]: undefined } : current));
    };
  }

  function focusFirst(found: Complaints) {
    const first = FIELDS.find((field) => found[field]);
    requestAnimationFrame(() => {
      const target = first ? box.current?.querySelector<HTMLElement>(`[name="${first}"]`) : box.current?.querySelector<HTMLElement>("[role=alert]");
      target?.focus();
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const found: Complaints = {};
    if (!values.given_name.trim()) found.given_name = "Enter the given name.";
    if (!values.family_name.trim()) found.family_name = "Enter the family name.";
    const body: Record<string, string | null> = {};
    for (const field of FIELDS) {
      const value = values[field].trim();
      if (value === original[field]) continue;
      body[field] = value === "" && OPTIONAL.has(field) ? null : value;
    }
    if (Object.keys(found).length === 0 && Object.keys(body).length === 0) found.form = "Nothing changed: change a field first.";
    setComplaints(found);
    if (Object.keys(found).length > 0) return focusFirst(found);
    save.mutate(body as UpdateMembershipRecordInput, {
      onSuccess: (saved) => onSaved(`Saved the record of ${saved.given_name} ${saved.family_name}.`),
      onError: (error) => {
        const refused = complaintsOf(error);
        setComplaints(refused);
        focusFirst(refused);
      },
    });
  }

  const text = (field: FieldName, label: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={label} name={field} autoComplete="off" value={values[field]} error={complaints[field]} onChange={set(field)} {...extra} />
  );

  return (
    <div ref={box}>
      <Panel>
        <Form onSubmit={submit} submitLabel="Save the record" pendingLabel="Saving…" pending={save.isPending} label={`Correct the record of ${record.given_name} ${record.family_name}`}>
          <FormProblem message={complaints.form ?? ""} />
          {text("given_name", "Given name", { maxLength: 100 })}
          {text("middle_name", "Middle name (optional)", { maxLength: 100 })}
          {text("family_name", "Family name", { maxLength: 100 })}
          {text("nickname", "Goes by (optional)", { maxLength: 100, hint: "The name they use, if not their given name." })}
          {text("birth_date", "Birth date (optional)", { type: "date", min: "1900-01-01" })}
          <SelectField label="Gender (optional)" name="gender" value={values.gender} error={complaints.gender} onChange={set("gender")}>
            <option value="">Not recorded</option>
            <option value="female">Female</option>
            <option value="male">Male</option>
          </SelectField>
          {text("email", "Email on file (optional)", { type: "email", inputMode: "email", hint: "Codes for claiming the record are sent here." })}
          {text("phone", "Phone on file (optional)", { type: "tel", inputMode: "tel", hint: "With its country code, like +1 415 555 0123." })}
          {text("address", "Address (optional)", { maxLength: 300, autoComplete: "off", hint: "The home address, on one line." })}
          {text("household_id", "Household number (optional)", { maxLength: 64, hint: "The register’s own number; records of one household share it." })}
          <SelectField label="Campus" name="campus_id" value={values.campus_id} error={complaints.campus_id} onChange={set("campus_id")}>
            <option value="">No campus</option>
            {record.campus && !campuses.data?.items.some((campus) => campus.id === record.campus?.id) ? <option value={record.campus.id}>{record.campus.name}</option> : null}
            {(campuses.data?.items ?? []).map((campus) => (
              <option key={campus.id} value={campus.id}>
                {campus.name}
              </option>
            ))}
          </SelectField>
          <Meta>Only what you change is saved.</Meta>
        </Form>
      </Panel>
    </div>
  );
}
