"use client";

import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { asSentence, failedMessage } from "@/components/account/api-messages";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { Field, fieldStyles } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { FormProblem } from "@/components/ui/form-problem";
import { TextField } from "@/components/ui/text-field";
import { GRANT_TYPES, type GrantType } from "@/lib/oauth/clients/grant-types";
import type { AdminClient } from "@/lib/oauth/clients/staff-schemas";
import { PortalApiError } from "@/lib/portal-api/client";
import { FIRST_PARTY_SCOPES, SCOPE_DESCRIPTIONS, THIRD_PARTY_SCOPES, type SupportedScope } from "@/lib/oauth/scopes";
import { useRegisterClient } from "./clients-queries";
import styles from "./admin.module.css";
import own from "./clients.module.css";

/** The grant types in an office's words. */
export const GRANT_WORDS: Record<GrantType, string> = {
  authorization_code: "Members sign in through the browser (authorization code)",
  refresh_token: "Stay signed in (refresh tokens)",
  client_credentials: "The app calls on its own behalf, no member (client credentials)",
  "urn:ietf:params:oauth:grant-type:device_code": "Sign in on a kiosk or TV with a code (device code)",
};

type FieldName =
  | "name"
  | "type"
  | "redirect_uris"
  | "post_logout_redirect_uris"
  | "backchannel_logout_uri"
  | "grant_types"
  | "scopes"
  | "require_pkce"
  | "first_party";
const FIELDS: readonly FieldName[] = ["name", "type", "redirect_uris", "post_logout_redirect_uris", "backchannel_logout_uri", "grant_types", "scopes", "require_pkce", "first_party"];
type Complaints = Partial<Record<FieldName, string>> & { form?: string };

const LIST_FIELDS: ReadonlySet<FieldName> = new Set(["redirect_uris", "post_logout_redirect_uris"]);

/**
 * The API's refusal (`redirect_uris.1: must use https; scopes: must hold at least one scope`) as complaints
 * under the fields it names, in the form's words: a list's line is counted from 1, as the member sees it.
 * What names no field of the form is said above it.
 */
export function complaintsOf(error: Error): Complaints {
  if (!(error instanceof PortalApiError)) return { form: failedMessage("register the app", error) };
  if (error.status === 403 && error.message.includes("roles:write")) {
    return { first_party: "Only an administrator may register one of the church’s own apps." };
  }
  if (error.code !== "invalid_request") return { form: failedMessage("register the app", error) };
  const complaints: Complaints = {};
  const rest: string[] = [];
  for (const part of error.message.split("; ")) {
    const match = /^([a-z_]+)(?:\.(\d+))?: (.+)$/.exec(part);
    const field = match?.[1] as FieldName | undefined;
    if (!match || !field || !FIELDS.includes(field)) {
      rest.push(part);
      continue;
    }
    if (complaints[field]) continue;
    const index = match[2] === undefined ? null : Number(match[2]);
    const where = index === null ? "" : LIST_FIELDS.has(field) ? `Line ${index + 1}: ` : "";
    complaints[field] = `${where}${where ? asSentence(match[3]!).replace(/^./, (first) => first.toLowerCase()) : asSentence(match[3]!)}`;
  }
  if (rest.length > 0) complaints.form = failedMessage("register the app", new Error(rest.join("; ")));
  return complaints;
}

/** One address a line, blank lines and spaces ignored. */
export function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** A group of checkboxes under a legend, with its error under the legend and the first box focusable. */
function CheckboxGroup({
  legend,
  hint,
  error,
  field,
  children,
}: {
  legend: string;
  hint?: string;
  error?: string;
  /** The API's name for it, so a refusal can take the keyboard to its first box. */
  field: FieldName;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset data-field={field} className={styles.fieldset} aria-describedby={[hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined}>
      <legend className={fieldStyles.label}>{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className={fieldStyles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </p>
      ) : null}
      <div className={own.choices}>{children}</div>
    </fieldset>
  );
}

export function TextLines({
  label,
  hint,
  error,
  value,
  onChange,
  textareaRef,
}: {
  label: string;
  hint: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  textareaRef?: React.Ref<HTMLTextAreaElement>;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(wiring) => (
        <textarea
          ref={textareaRef}
          className={`${fieldStyles.control} ${fieldStyles.textarea} ${own.addresses}`}
          rows={3}
          spellCheck={false}
          autoCapitalize="off"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          {...wiring}
        />
      )}
    </Field>
  );
}

/**
 * Register an app: its name, where members come back to after signing in and out, where it is told of a
 * sign-out, how it signs in (grants), what it may ask for (scopes), whether it keeps a secret, and its PKCE
 * policy. Checked here first for what is plainly missing; the API checks everything again and its refusals
 * go under the fields they name. Only an administrator is offered the church's own (first-party) apps.
 */
export function RegisterClientForm({
  canRegisterFirstParty,
  onRegistered,
  onCancel,
}: {
  canRegisterFirstParty: boolean;
  onRegistered: (client: AdminClient & { client_secret: string | null }) => void;
  onCancel: () => void;
}) {
  const register = useRegisterClient();
  const [name, setName] = useState("");
  const [type, setType] = useState<"confidential" | "public">("confidential");
  const [redirectUris, setRedirectUris] = useState("");
  const [postLogoutUris, setPostLogoutUris] = useState("");
  const [logoutUri, setLogoutUri] = useState("");
  const [grants, setGrants] = useState<ReadonlySet<GrantType>>(new Set(["authorization_code", "refresh_token"]));
  const [scopes, setScopes] = useState<ReadonlySet<SupportedScope>>(new Set(["openid", "profile", "email"]));
  const [requirePkce, setRequirePkce] = useState(true);
  const [firstParty, setFirstParty] = useState(false);
  const [complaints, setComplaints] = useState<Complaints>({});
  const nameInput = useRef<HTMLInputElement>(null);
  const redirectInput = useRef<HTMLTextAreaElement>(null);
  const postLogoutInput = useRef<HTMLTextAreaElement>(null);
  const logoutInput = useRef<HTMLInputElement>(null);
  const formBox = useRef<HTMLDivElement>(null);

  function focusFirst(found: Complaints) {
    const first = FIELDS.find((field) => found[field]);
    requestAnimationFrame(() => {
      if (!first) return formBox.current?.querySelector<HTMLElement>("[role=alert]")?.focus();
      const inputs: Partial<Record<FieldName, HTMLElement | null>> = {
        name: nameInput.current,
        redirect_uris: redirectInput.current,
        post_logout_redirect_uris: postLogoutInput.current,
        backchannel_logout_uri: logoutInput.current,
      };
      const element = inputs[first] ?? formBox.current?.querySelector<HTMLInputElement>(`[data-field="${first}"] input:not([disabled])`);
      element?.focus();
    });
  }

  /** A change to a field takes its complaint away: what is said under it is about what was sent. */
  function edit(field: FieldName, change: () => void) {
    change();
    setComplaints((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  function toggle<T>(set: ReadonlySet<T>, value: T, on: boolean): ReadonlySet<T> {
    const next = new Set(set);
    if (on) next.add(value);
    else next.delete(value);
    return next;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (register.isPending) return;
    const found: Complaints = {};
    if (!name.trim()) found.name = "Enter the app’s name, as members will see it.";
    if (grants.size === 0) found.grant_types = "Choose at least one way the app signs in.";
    if (grants.has("authorization_code") && lines(redirectUris).length === 0) found.redirect_uris = "Enter at least one address: members who sign in through the browser come back to it.";
    if (scopes.size === 0) found.scopes = "Choose at least one thing the app may ask for.";
    setComplaints(found);
    if (Object.keys(found).length > 0) return focusFirst(found);
    const chosenScopes = [...scopes].filter((scope) => firstParty || (THIRD_PARTY_SCOPES as readonly string[]).includes(scope));
    register.mutate(
      {
        name: name.trim(),
        type,
        redirect_uris: lines(redirectUris),
        post_logout_redirect_uris: lines(postLogoutUris),
        backchannel_logout_uri: logoutUri.trim() === "" ? null : logoutUri.trim(),
        grant_types: GRANT_TYPES.filter((grant) => grants.has(grant)),
        scopes: chosenScopes,
        require_pkce: type === "public" ? true : requirePkce,
        ...(firstParty ? { first_party: true } : {}),
      },
      {
        onSuccess: onRegistered,
        onError: (error) => {
          const refused = complaintsOf(error);
          setComplaints(refused);
          focusFirst(refused);
        },
      },
    );
  }

  const offeredScopes: readonly SupportedScope[] = firstParty ? [...THIRD_PARTY_SCOPES, ...FIRST_PARTY_SCOPES] : THIRD_PARTY_SCOPES;

  return (
    <div ref={formBox}>
      <Form
        onSubmit={submit}
        submitLabel="Register the app"
        pendingLabel="Registering…"
        pending={register.isPending}
        label="Register an app"
        actions={
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        }
      >
        <FormProblem message={complaints.form ?? ""} />
        <TextField
          label="Name"
          name="name"
          hint="Members see it when they sign in and under Account › Apps."
          autoComplete="off"
          maxLength={100}
          value={name}
          inputRef={nameInput}
          error={complaints.name}
          onChange={(event) => edit("name", () => setName(event.target.value))}
        />
        <CheckboxGroup legend="Kind of app" error={complaints.type} field="type">
          <label className={fieldStyles.checkbox}>
            <input type="radio" name="type" value="confidential" checked={type === "confidential"} onChange={() => edit("type", () => setType("confidential"))} />
            <span>
              Server app: it keeps a secret on its server
              <span className={`${fieldStyles.hint} ${own.choiceHint}`}>A website with its own server. You get a secret to give its developer.</span>
            </span>
          </label>
          <label className={fieldStyles.checkbox}>
            <input type="radio" name="type" value="public" checked={type === "public"} onChange={() => edit("type", () => setType("public"))} />
            <span>
              Public app: a phone app or a page in the browser, no secret
              <span className={`${fieldStyles.hint} ${own.choiceHint}`}>Anything on a member’s device can be read, so it gets no secret and always uses PKCE.</span>
            </span>
          </label>
        </CheckboxGroup>
        <TextLines
          label="Sign-in return addresses (redirect URIs)"
          hint="One a line, exactly as the app sends them. https, or http only on this computer (localhost, 127.0.0.1)."
          error={complaints.redirect_uris}
          value={redirectUris}
          onChange={(value) => edit("redirect_uris", () => setRedirectUris(value))}
          textareaRef={redirectInput}
        />
        <TextLines
          label="Sign-out return addresses (optional)"
          hint="One a line: where members may be sent back to after signing out through the app."
          error={complaints.post_logout_redirect_uris}
          value={postLogoutUris}
          onChange={(value) => edit("post_logout_redirect_uris", () => setPostLogoutUris(value))}
          textareaRef={postLogoutInput}
        />
        <TextField
          label="Sign-out notification address (optional)"
          hint="Back-channel logout: where we tell the app that a member signed out, so it signs them out too."
          type="url"
          inputMode="url"
          autoComplete="off"
          value={logoutUri}
          inputRef={logoutInput}
          error={complaints.backchannel_logout_uri}
          onChange={(event) => edit("backchannel_logout_uri", () => setLogoutUri(event.target.value))}
        />
        <CheckboxGroup legend="How it signs in (grant types)" error={complaints.grant_types} field="grant_types">
          {GRANT_TYPES.map((grant) => (
            <CheckboxField
              key={grant}
              label={GRANT_WORDS[grant]}
              checked={grants.has(grant)}
              onChange={(event) => edit("grant_types", () => setGrants((current) => toggle(current, grant, event.target.checked)))}
            />
          ))}
        </CheckboxGroup>
        <CheckboxGroup legend="What it may ask members for (scopes)" hint="Members are asked to allow these when they first sign in to a third-party app." error={complaints.scopes} field="scopes">
          {offeredScopes.map((scope) => (
            <CheckboxField
              key={scope}
              label={`${scope}: ${SCOPE_DESCRIPTIONS[scope]}`}
              checked={scopes.has(scope)}
              onChange={(event) => edit("scopes", () => setScopes((current) => toggle(current, scope, event.target.checked)))}
            />
          ))}
        </CheckboxGroup>
        <CheckboxGroup legend="PKCE" error={complaints.require_pkce} field="require_pkce">
          <CheckboxField
            label="Require PKCE"
            hint={
              type === "public"
                ? "Always on for an app without a secret: it is the app’s only proof that a sign-in is its own."
                : "Leave on unless the app’s developer says their sign-in library sends a nonce but not PKCE."
            }
            checked={requirePkce || type === "public"}
            disabled={type === "public"}
            onChange={(event) => edit("require_pkce", () => setRequirePkce(event.target.checked))}
          />
        </CheckboxGroup>
        {canRegisterFirstParty ? (
          <CheckboxGroup legend="The church’s own app" error={complaints.first_party} field="first_party">
            <CheckboxField
              label="This is one of the church’s own apps (first-party)"
              hint="Members are not asked to allow it, and it may be given account and staff scopes. Only administrators may choose this; afterwards it is changed on the server (npm run clients:register), not here."
              checked={firstParty}
              onChange={(event) => edit("first_party", () => setFirstParty(event.target.checked))}
            />
          </CheckboxGroup>
        ) : null}
      </Form>
    </div>
  );
}
