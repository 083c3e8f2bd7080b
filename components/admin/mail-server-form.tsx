"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { Form } from "@/components/ui/form";
import { FormProblem } from "@/components/ui/form-problem";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import type { MailSecurity } from "@/lib/church-settings/mail-server-address";
import type { MailServerAnswer } from "@/lib/church-settings/schemas";
import { useSplitRefusal } from "./household-refusal";

/** What the form sends: the mail server as `PUT …/mail-server` takes it (the password left out keeps the saved one). */
export interface MailServerInput {
  host: string;
  port: number;
  security: MailSecurity;
  username: string | null;
  password?: string;
  from_address: string;
}

const FIELDS = ["host", "port", "security", "username", "password", "from_address", "to"] as const;
const USUAL_PORT: Record<MailSecurity, number> = { starttls: 587, tls: 465, none: 25 };
/** The choices of protection, in the list's order; their words are `security.<choice>`. */
const SECURITIES: readonly MailSecurity[] = ["starttls", "tls", "none"];

interface Values {
  host: string;
  port: string;
  security: MailSecurity;
  username: string;
  password: string;
  from_address: string;
  to: string;
}

function valuesOf(server: MailServerAnswer | null, to: string): Values {
  return {
    host: server?.host ?? "",
    port: String(server?.port ?? USUAL_PORT.starttls),
    security: server?.security ?? "starttls",
    username: server?.username ?? "",
    password: "",
    from_address: server?.from_address ?? "",
    to,
  };
}

/**
 * The church's mail server (issue 39), in the setup wizard and the church settings: the server's name, port,
 * protection, user name and password, and the address emails come from. Saving sends a test message through it
 * and shows the mail server's answer. The password is never shown again: left empty, the saved one is kept.
 * Words: "AdminMailServer" (the page that renders it names it in its ClientMessages).
 */
export function MailServerForm({
  current,
  suggestedTo,
  onSave,
  onTest,
  actions,
}: {
  current: MailServerAnswer | null;
  /** Where the test message goes unless changed (the administrator's own address, when known). */
  suggestedTo: string;
  onSave: (server: MailServerInput) => Promise<MailServerAnswer | null>;
  onTest: (to: string) => Promise<{ sent: boolean; problem: string | null }>;
  /** More buttons beside the form's own (the wizard's Next and Back). */
  actions?: ReactNode;
}) {
  const t = useTranslations("AdminMailServer");
  const splitRefusal = useSplitRefusal();
  const [saved, setSaved] = useState(current);
  const [values, setValues] = useState<Values>(() => valuesOf(current, suggestedTo));
  const saveAndTest = useMutation({
    mutationFn: async (input: { server: MailServerInput; to: string }) => {
      const server = await onSave(input.server);
      setSaved(server);
      return onTest(input.to);
    },
  });
  const refusal = splitRefusal(saveAndTest.error, FIELDS, t("saveFailed"));
  const keepsPassword = saved?.source === "saved" && saved.username !== null && saved.host === values.host.trim().toLowerCase() && saved.username === values.username.trim();

  function set(field: keyof Values) {
    return (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const value = event.target.value;
      setValues((before) => {
        const next = { ...before, [field]: value };
        // The usual port follows the protection chosen, unless another port was typed.
        if (field === "security" && before.port === String(USUAL_PORT[before.security])) next.port = String(USUAL_PORT[value as MailSecurity]);
        if (field === "security" && value === "none") Object.assign(next, { username: "", password: "" });
        return next;
      });
      saveAndTest.reset();
    };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (saveAndTest.isPending) return;
    const username = values.username.trim() || null;
    saveAndTest.mutate({
      server: {
        host: values.host.trim(),
        port: Number(values.port),
        security: values.security,
        username,
        ...(values.password ? { password: values.password } : {}),
        from_address: values.from_address.trim(),
      },
      to: values.to.trim(),
    });
  }

  const fieldError = (field: (typeof FIELDS)[number]) => (refusal.field === field ? refusal.message : undefined);
  const result = saveAndTest.data;
  return (
    <Form onSubmit={submit} submitLabel={t("submit")} pendingLabel={t("pending")} pending={saveAndTest.isPending} tone="plain" label={t("formLabel")} actions={actions}>
      {saved?.source === "server" ? (
        <p className="muted">{t("serverOwn", { host: saved.host, port: String(saved.port) })}</p>
      ) : null}
      <FormProblem message={refusal.field ? "" : refusal.message} />
      {result ? (
        <p className={`notice ${result.sent ? "notice--success" : "notice--warning"}`} role="status">
          {result.sent ? t("sent", { to: values.to.trim() }) : t("notSent", { problem: String(result.problem) })}
        </p>
      ) : null}
      <TextField label={t("host")} name="host" value={values.host} onChange={set("host")} autoComplete="off" spellCheck={false} placeholder="smtp.example.org" hint={t("hostHint")} error={fieldError("host")} required />
      <SelectField label={t("protection")} name="security" value={values.security} onChange={set("security")} hint={t("protectionHint")} error={fieldError("security")}>
        {SECURITIES.map((security) => (
          <option key={security} value={security}>
            {t(`security.${security}`)}
          </option>
        ))}
      </SelectField>
      <TextField label={t("port")} name="port" value={values.port} onChange={set("port")} inputMode="numeric" autoComplete="off" maxLength={5} error={fieldError("port")} required />
      {values.security !== "none" ? (
        <>
          <TextField label={t("username")} name="username" value={values.username} onChange={set("username")} autoComplete="off" spellCheck={false} hint={t("usernameHint")} error={fieldError("username")} />
          <TextField
            label={t("password")}
            name="password"
            type="password"
            value={values.password}
            onChange={set("password")}
            autoComplete="new-password"
            hint={keepsPassword ? t("passwordSaved") : t("passwordHint")}
            error={fieldError("password")}
          />
        </>
      ) : null}
      <TextField label={t("from")} name="from_address" type="email" value={values.from_address} onChange={set("from_address")} autoComplete="off" placeholder={t("fromPlaceholder")} hint={t("fromHint")} error={fieldError("from_address")} required />
      <TextField label={t("to")} name="to" type="email" value={values.to} onChange={set("to")} autoComplete="email" error={fieldError("to")} required />
    </Form>
  );
}
