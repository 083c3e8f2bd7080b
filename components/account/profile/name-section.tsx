"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Form, useTextInput } from "@/components/ui/form";
import { AlertMessage, StatusMessage } from "@/components/ui/live-messages";
import { QueryStates, Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import { familyNameSchema, givenNameSchema, nicknameSchema, NAME_MAX_LENGTH } from "@/lib/accounts/schemas";
import type { Profile } from "@/lib/users/schemas";
import { useApiMessages } from "../api-messages";
import { useProfile, useUpdateMyName } from "./profile-queries";

const NAME_INPUT = { type: "text", autoCapitalize: "words", spellCheck: false, maxLength: NAME_MAX_LENGTH } as const;

/** The member's name as the church and apps they allow see it: first and last, and the name they go by, changed in one form. */
export function NameSection() {
  const t = useTranslations("AccountProfile");
  const profile = useProfile();
  return (
    <Section id="name-title" title={t("name.title")} description={t("name.description")}>
      <QueryStates query={profile} loading={t("name.loading")} failure={t("name.loadFailed")}>
        {(loaded) => <NameForm profile={loaded} />}
      </QueryStates>
    </Section>
  );
}

function NameForm({ profile }: { profile: Profile }) {
  const t = useTranslations("AccountProfile");
  // The schemas' sentences are FIELD_MESSAGES, which the "FieldMessages" namespace says in every language.
  const fields = useTranslations("FieldMessages");
  const api = useApiMessages();
  const update = useUpdateMyName();
  const given = useTextInput({ ...NAME_INPUT, name: "given_name", autoComplete: "given-name" }, profile.given_name ?? "");
  const family = useTextInput({ ...NAME_INPUT, name: "family_name", autoComplete: "family-name" }, profile.family_name ?? "");
  const goesBy = useTextInput({ ...NAME_INPUT, name: "nickname", autoComplete: "nickname" }, profile.nickname ?? "");
  const [status, setStatus] = useState("");

  function save(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    setStatus("");
    const givenName = givenNameSchema.safeParse(given.value);
    const familyName = familyNameSchema.safeParse(family.value);
    const nickname = nicknameSchema.safeParse(goesBy.value.trim());
    // Checked from the last field up, so focus ends on the first one that is wrong.
    if (!nickname.success) goesBy.reject(fields("nickname"));
    else goesBy.accept();
    if (!familyName.success) family.reject(fields("family_name"));
    else family.accept();
    if (!givenName.success) given.reject(fields("given_name"));
    else given.accept();
    if (!givenName.success || !familyName.success || !nickname.success) return;
    update.mutate(
      { given_name: givenName.data, family_name: familyName.data, nickname: nickname.data },
      {
        onSuccess: (saved) => {
          const name = { given: saved.given_name ?? givenName.data, family: saved.family_name ?? familyName.data };
          setStatus(saved.nickname ? t("name.savedWithNickname", { ...name, nickname: saved.nickname }) : t("name.saved", name));
        },
      },
    );
  }

  const refusal =
    update.error && !api.fieldRefusal(update.error, "given_name") && !api.fieldRefusal(update.error, "family_name") && !api.fieldRefusal(update.error, "nickname")
      ? api.failed(t("name.saveFailed"), update.error)
      : "";
  return (
    <>
      <StatusMessage message={status} />
      <AlertMessage message={refusal} />
      <Form onSubmit={save} submitLabel={t("name.save")} pendingLabel={t("name.saving")} pending={update.isPending}>
        <TextField label={t("name.givenName")} {...given.field(api.fieldRefusal(update.error, "given_name") ?? "")} />
        <TextField label={t("name.familyName")} {...family.field(api.fieldRefusal(update.error, "family_name") ?? "")} />
        <TextField label={t("name.nickname")} hint={t("name.nicknameHint")} {...goesBy.field(api.fieldRefusal(update.error, "nickname") ?? "")} />
      </Form>
    </>
  );
}
