"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRef, useState, type FormEvent, type ReactNode } from "react";
import { useApiMessages } from "@/components/account/api-messages";
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
import { useFieldSentence, useSplitRefusal } from "./household-refusal";
import { useInvitationWrites } from "./invitations-queries";
import { useMembershipRecord, useUnlinkMembershipRecord, useUpdateMembershipRecord } from "./membership-records-queries";
import own from "./membership-records.module.css";

const FIELDS = ["given_name", "middle_name", "family_name", "nickname", "birth_date", "gender", "email", "phone", "address", "household_id", "campus_id"] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;
type Complaints = Partial<Record<FieldName, string>> & { form?: string };

const OPTIONAL: ReadonlySet<FieldName> = new Set(["middle_name", "nickname", "birth_date", "gender", "email", "phone", "address", "household_id", "campus_id"]);

const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;

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

/**
 * The API's refusal (`email: must be an email address; phone: …`) under the fields it names; the rest above the
 * form. `failed` says the rest ("We couldn’t save the record." and the reason); `fieldSentence` a field's part.
 */
function complaintsOf(error: Error, failed: (error: Error) => string, fieldSentence: (words: string) => string): Complaints {
  if (!(error instanceof PortalApiError) || error.code !== "invalid_request") return { form: failed(error) };
  const complaints: Complaints = {};
  const rest: string[] = [];
  for (const part of error.message.split("; ")) {
    const match = /^([a-z_]+): (.+)$/.exec(part);
    const field = match?.[1] as FieldName | undefined;
    if (match && field && (FIELDS as readonly string[]).includes(field)) complaints[field] ??= fieldSentence(match[2]!.trim());
    else rest.push(part);
  }
  if (rest.length > 0) complaints.form = failed(new PortalApiError(error.status, error.code, rest.join("; ")));
  return complaints;
}

/**
 * One register record for the church office: what is on file, the account linked to it (with a way to the
 * person's page and to unlink it, confirmed first), and a form to correct it. Only the fields changed are
 * sent; the API checks them again, and its refusals go under the fields they name.
 */
export function MembershipRecordDetail({ id, canWrite }: { id: string; canWrite: boolean }) {
  const t = useTranslations("AdminMembership.record");
  const record = useMembershipRecord(id);
  const [announcement, setAnnouncement] = useState("");
  return (
    <QueryStates query={record} loading={t("loading")} failure={t("failure")}>
      {(loaded) => (
        <>
          <RecordFacts record={loaded} status={announcement} />
          <LinkedAccount record={loaded} canWrite={canWrite} onUnlinked={setAnnouncement} />
          {canWrite ? (
            <Section id="record-edit-title" title={t("correctTitle")}>
              <RecordForm key={JSON.stringify(valuesOf(loaded))} record={loaded} onSaved={setAnnouncement} />
            </Section>
          ) : null}
        </>
      )}
    </QueryStates>
  );
}

function RecordFacts({ record, status }: { record: AdminMembershipRecord; status: string }) {
  const t = useTranslations("AdminMembership.record");
  return (
    <Section id="record-title" title={`${record.given_name} ${record.family_name}`} status={status}>
      <Facts>
        <Fact term={t("registerId")}>
          <code className={own.id}>{record.membership_id}</code>
        </Fact>
        <Fact term={t("campus")}>{record.campus?.name ?? t("none")}</Fact>
        {record.middle_name ? <Fact term={t("middleName")}>{record.middle_name}</Fact> : null}
        {record.nickname ? <Fact term={t("goesBy")}>{record.nickname}</Fact> : null}
        <Fact term={t("born")}>{record.birth_date ?? t("notKnown")}</Fact>
        {record.gender ? <Fact term={t("gender")}>{t("genderValue", { gender: record.gender })}</Fact> : null}
        <Fact term={t("emailOnFile")}>
          <span className={own.anywhere}>{record.email ?? t("none")}</span>
        </Fact>
        <Fact term={t("phoneOnFile")}>{record.phone ?? t("none")}</Fact>
        <Fact term={t("address")}>
          <span className={own.anywhere}>{record.address ?? t("none")}</span>
        </Fact>
        <Fact term={t("householdNumber")}>
          <span className={own.anywhere}>{record.household_id ?? t("none")}</span>
        </Fact>
        {record.household_name ? (
          <Fact term={t("householdName")}>
            <span className={own.anywhere}>{record.household_name}</span>
          </Fact>
        ) : null}
        {record.remote_id ? (
          <Fact term={t("remoteId")}>
            <code className={own.id}>{record.remote_id}</code>
          </Fact>
        ) : null}
      </Facts>
    </Section>
  );
}

function LinkedAccount({ record, canWrite, onUnlinked }: { record: AdminMembershipRecord; canWrite: boolean; onUnlinked: (message: string) => void }) {
  const t = useTranslations("AdminMembership.record");
  const api = useApiMessages();
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
        onUnlinked(t("unlinked", { who }));
        focusAfterClose(() => heading.current);
        setAsking(false);
      },
      onError: (error) => {
        setProblem(api.failed(t("unlinkFailed"), error));
        focusAfterClose(() => heading.current);
        setAsking(false);
      },
    });
  }

  return (
    <Section id="record-account-title" title={t("linkedAccount")} headingRef={heading} alert={problem}>
      {account ? (
        <>
          <Facts>
            <Fact term={t("name")}>{who}</Fact>
            <Fact term={t("email")}>
              <span className={own.anywhere}>{account.email ?? t("none")}</span>
            </Fact>
            <Fact term={t("linked")}>{record.linked_at ? <LocalDate iso={record.linked_at} /> : "—"}</Fact>
          </Facts>
          <Actions divided>
            <Link className="button" href={`/admin/people/${encodeURIComponent(account.id)}`}>
              {t.rich("openPage", { who, hidden })}
            </Link>
            {canWrite ? (
              <button type="button" className="button button--danger" onClick={() => setAsking(true)}>
                {t("unlink")}
              </button>
            ) : null}
          </Actions>
        </>
      ) : (
        <>
          <p className="muted">{t("notLinked")}</p>
          {canWrite && record.email ? <InviteToJoin record={record} /> : null}
        </>
      )}
      <ConfirmDialog open={asking} title={t("unlinkTitle", { who })} confirmLabel={t("unlinkLabel")} busy={unlink.isPending} onConfirm={confirm} onCancel={() => setAsking(false)}>
        <p>{t("unlinkText", { who })}</p>
      </ConfirmDialog>
    </Section>
  );
}

/** An email from the church with a link to make their account, linked to this record and its household at once (issue 40). */
function InviteToJoin({ record }: { record: AdminMembershipRecord }) {
  const t = useTranslations("AdminMembership.record");
  const splitRefusal = useSplitRefusal();
  const { invite } = useInvitationWrites();
  const outcome = invite.data;
  const refusal = splitRefusal(invite.error, [] as const, t("inviteFailed"));
  const words = !outcome ? "" : outcome.invited === 1 ? t("inviteSent", { email: record.email ?? "" }) : t("inviteStillOpen");
  return (
    <Actions>
      {outcome ? (
        <p className="notice notice--success" role="status">
          {words}
        </p>
      ) : (
        <button type="button" className="button" disabled={invite.isPending} onClick={() => invite.mutate({ record_ids: [record.membership_id] })}>
          {invite.isPending ? t("sending") : t("invite", { name: record.given_name })}
        </button>
      )}
      <FormProblem message={refusal.message} />
    </Actions>
  );
}

function RecordForm({ record, onSaved }: { record: AdminMembershipRecord; onSaved: (message: string) => void }) {
  const t = useTranslations("AdminMembership.record");
  const api = useApiMessages();
  const fieldSentence = useFieldSentence();
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
    if (!values.given_name.trim()) found.given_name = t("givenNameMissing");
    if (!values.family_name.trim()) found.family_name = t("familyNameMissing");
    const body: Record<string, string | null> = {};
    for (const field of FIELDS) {
      const value = values[field].trim();
      if (value === original[field]) continue;
      body[field] = value === "" && OPTIONAL.has(field) ? null : value;
    }
    if (Object.keys(found).length === 0 && Object.keys(body).length === 0) found.form = t("nothingChanged");
    setComplaints(found);
    if (Object.keys(found).length > 0) return focusFirst(found);
    save.mutate(body as UpdateMembershipRecordInput, {
      onSuccess: (saved) => onSaved(t("saved", { name: `${saved.given_name} ${saved.family_name}` })),
      onError: (error) => {
        const refused = complaintsOf(error, (refusal) => api.failed(t("saveFailed"), refusal), fieldSentence);
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
        <Form
          onSubmit={submit}
          submitLabel={t("saveRecord")}
          pendingLabel={t("saving")}
          pending={save.isPending}
          label={t("formLabel", { name: `${record.given_name} ${record.family_name}` })}
        >
          <FormProblem message={complaints.form ?? ""} />
          {text("given_name", t("givenName"), { maxLength: 100 })}
          {text("middle_name", t("middleNameOptional"), { maxLength: 100 })}
          {text("family_name", t("familyName"), { maxLength: 100 })}
          {text("nickname", t("goesByOptional"), { maxLength: 100, hint: t("goesByHint") })}
          {text("birth_date", t("birthDateOptional"), { type: "date", min: "1900-01-01" })}
          <SelectField label={t("genderOptional")} name="gender" value={values.gender} error={complaints.gender} onChange={set("gender")}>
            <option value="">{t("notRecorded")}</option>
            <option value="female">{t("genderValue", { gender: "female" })}</option>
            <option value="male">{t("genderValue", { gender: "male" })}</option>
          </SelectField>
          {text("email", t("emailOptional"), { type: "email", inputMode: "email", hint: t("emailHint") })}
          {text("phone", t("phoneOptional"), { type: "tel", inputMode: "tel", hint: t("phoneHint") })}
          {text("address", t("addressOptional"), { maxLength: 300, autoComplete: "off", hint: t("addressHint") })}
          {text("household_id", t("householdNumberOptional"), { maxLength: 64, hint: t("householdNumberHint") })}
          <SelectField label={t("campus")} name="campus_id" value={values.campus_id} error={complaints.campus_id} onChange={set("campus_id")}>
            <option value="">{t("noCampus")}</option>
            {record.campus && !campuses.data?.items.some((campus) => campus.id === record.campus?.id) ? <option value={record.campus.id}>{record.campus.name}</option> : null}
            {(campuses.data?.items ?? []).map((campus) => (
              <option key={campus.id} value={campus.id}>
                {campus.name}
              </option>
            ))}
          </SelectField>
          <Meta>{t("onlyChanges")}</Meta>
        </Form>
      </Panel>
    </div>
  );
}
