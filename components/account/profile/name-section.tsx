"use client";

import { useState, type FormEvent } from "react";
import { Form, useTextInput } from "@/components/ui/form";
import { AlertMessage, StatusMessage } from "@/components/ui/live-messages";
import { QueryStates, Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import { familyNameSchema, givenNameSchema, nicknameSchema, NAME_MAX_LENGTH } from "@/lib/accounts/schemas";
import type { Profile } from "@/lib/users/schemas";
import { failedMessage, fieldRefusal } from "../api-messages";
import { useProfile, useUpdateMyName } from "./profile-queries";

const NAME_INPUT = { type: "text", autoCapitalize: "words", spellCheck: false, maxLength: NAME_MAX_LENGTH } as const;

/** The member's name as the church and apps they allow see it: first and last, and the name they go by, changed in one form. */
export function NameSection() {
  const profile = useProfile();
  return (
    <Section id="name-title" title="Your name" description="The name the church office, your household and the apps you allow see.">
      <QueryStates query={profile} what="your name">
        {(loaded) => <NameForm profile={loaded} />}
      </QueryStates>
    </Section>
  );
}

function NameForm({ profile }: { profile: Profile }) {
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
    if (!nickname.success) goesBy.reject(nickname.error.issues[0]?.message ?? "");
    else goesBy.accept();
    if (!familyName.success) family.reject(familyName.error.issues[0]?.message ?? "");
    else family.accept();
    if (!givenName.success) given.reject(givenName.error.issues[0]?.message ?? "");
    else given.accept();
    if (!givenName.success || !familyName.success || !nickname.success) return;
    update.mutate(
      { given_name: givenName.data, family_name: familyName.data, nickname: nickname.data },
      {
        onSuccess: (saved) => {
          const name = `${saved.given_name ?? givenName.data} ${saved.family_name ?? familyName.data}`;
          setStatus(`Saved. Your name is now ${name}${saved.nickname ? `, and you go by ${saved.nickname}` : ""}.`);
        },
      },
    );
  }

  const refusal =
    update.error && !fieldRefusal(update.error, "given_name") && !fieldRefusal(update.error, "family_name") && !fieldRefusal(update.error, "nickname")
      ? failedMessage("save your name", update.error)
      : "";
  return (
    <>
      <StatusMessage message={status} />
      <AlertMessage message={refusal} />
      <Form onSubmit={save} submitLabel="Save name" pendingLabel="Saving…" pending={update.isPending}>
        <TextField label="First name" {...given.field(fieldRefusal(update.error, "given_name") ?? "")} />
        <TextField label="Last name" {...family.field(fieldRefusal(update.error, "family_name") ?? "")} />
        <TextField
          label="Name you go by (optional)"
          hint="If people call you something else, like Bob for Robert. The church office and your household see it."
          {...goesBy.field(fieldRefusal(update.error, "nickname") ?? "")}
        />
      </Form>
    </>
  );
}
