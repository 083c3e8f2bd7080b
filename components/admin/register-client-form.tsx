"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useApiMessages, type ApiMessages } from "@/components/account/api-messages";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { Field, fieldStyles } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { FormProblem } from "@/components/ui/form-problem";
import { TextField } from "@/components/ui/text-field";
import { GRANT_TYPES, type GrantType } from "@/lib/oauth/clients/grant-types";
import { KIOSK_SCOPE, type AdminClient } from "@/lib/oauth/clients/staff-schemas";
import { PortalApiError } from "@/lib/portal-api/client";
import { FIRST_PARTY_SCOPES, THIRD_PARTY_SCOPES, type SupportedScope } from "@/lib/oauth/scopes";
import { useCampuses } from "./admin-queries";
import { APP_KINDS, APP_PRESETS, grantWords, kindDescription, kindTitle, scopeWords, scopesInWords, type AppKind, type ClientsT, type TechnicalSettings } from "./client-kinds";
import { useRegisterClient } from "./clients-queries";
import { useFieldSentence } from "./household-refusal";
import styles from "./admin.module.css";
import own from "./clients.module.css";

type FieldName =
  | "kind"
  | "name"
  | "check_in_campus_id"
  | "redirect_uris"
  | "post_logout_redirect_uris"
  | "first_party"
  | "type"
  | "grant_types"
  | "scopes"
  | "require_pkce"
  | "require_nonce_without_pkce"
  | "require_pushed_authorization_requests"
  | "dpop_bound_access_tokens"
  | "backchannel_logout_uri"
  | "backchannel_logout_session_required";
/** In the order they are on the page: the first one complained of takes the keyboard. */
const FIELDS: readonly FieldName[] = [
  "kind",
  "name",
  "check_in_campus_id",
  "redirect_uris",
  "post_logout_redirect_uris",
  "first_party",
  "type",
  "grant_types",
  "scopes",
  "require_pkce",
  "require_nonce_without_pkce",
  "require_pushed_authorization_requests",
  "dpop_bound_access_tokens",
  "backchannel_logout_uri",
  "backchannel_logout_session_required",
];
/** The protocol's switches, folded under "Advanced" (the fields from the client type on): a complaint about one opens it. */
const ADVANCED_FIELDS: ReadonlySet<FieldName> = new Set(FIELDS.slice(FIELDS.indexOf("type")));
/** What the kind itself decides besides the technical settings. */
const KIND_FIELDS: ReadonlySet<FieldName> = new Set(["kind", "check_in_campus_id", "first_party"]);
type Complaints = Partial<Record<FieldName, string>> & { form?: string };

const LIST_FIELDS: ReadonlySet<FieldName> = new Set(["redirect_uris", "post_logout_redirect_uris"]);

/**
 * The API's refusal (`redirect_uris.1: must use https; scopes: must hold at least one scope`) as complaints
 * under the fields it names, in the form's words: a list's line is counted from 1, as the office sees it.
 * What names no field of the form is said above it. A kiosk has no first-party box: its refusal is said
 * under the choice of kind. The API's reasons are English: another language asks to check the field.
 */
export function complaintsOf(error: Error, kind: AppKind | null, words: { t: ClientsT; api: ApiMessages; fieldSentence: (apiWords: string) => string }): Complaints {
  const { t, api, fieldSentence } = words;
  if (!(error instanceof PortalApiError)) return { form: api.failed(t("register.failed"), error) };
  if (error.status === 403 && error.message.includes("roles:write")) {
    return kind === "kiosk" ? { kind: t("register.kioskRefused") } : { first_party: t("register.firstPartyRefused") };
  }
  if (error.code !== "invalid_request") return { form: api.failed(t("register.failed"), error) };
  const complaints: Complaints = {};
  const rest: string[] = [];
  for (const part of error.message.split("; ")) {
    const match = /^([a-z_]+)(?:\.(\d+))?: (.+)$/.exec(part);
    const field = match?.[1] as FieldName | undefined;
    if (!match || !field || !FIELDS.includes(field) || field === "kind") {
      rest.push(part);
      continue;
    }
    if (complaints[field]) continue;
    const index = match[2] === undefined ? null : Number(match[2]);
    const reason = fieldSentence(match[3]!);
    complaints[field] = index !== null && LIST_FIELDS.has(field) ? t("register.onLine", { line: index + 1, problem: reason.replace(/^./, (first) => first.toLowerCase()) }) : reason;
  }
  if (rest.length > 0) complaints.form = api.failed(t("register.failed"), new Error(rest.join("; ")));
  return complaints;
}

/** One address a line, blank lines and spaces ignored. */
export function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** A group of checkboxes or radios under a legend, with its error under the legend and the first box focusable. */
function ChoiceGroup({
  legend,
  hint,
  error,
  field,
  wide = false,
  children,
}: {
  legend: string;
  hint?: string;
  error?: string;
  /** The API's name for it, so a refusal can take the keyboard to its first box. */
  field: FieldName;
  /** Cards side by side as the width allows, rather than one under another. */
  wide?: boolean;
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
      <div className={wide ? own.kinds : own.choices}>{children}</div>
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

/** One kind of app, as a card: the whole card is the radio's target; its name is the title, its description the rest. */
function KindCard({ kind, checked, onChoose }: { kind: AppKind; checked: boolean; onChoose: (kind: AppKind) => void }) {
  const t = useTranslations("AdminClients");
  const id = useId();
  return (
    <label className={own.kindCard}>
      <input type="radio" name="kind" value={kind} checked={checked} onChange={() => onChoose(kind)} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} />
      <span className={own.kindText}>
        <span id={`${id}-title`} className={own.kindTitle}>
          {kindTitle(kind, t)}
        </span>
        <span id={`${id}-text`} className={own.kindHint}>
          {kindDescription(kind, t)}
        </span>
      </span>
    </label>
  );
}

/**
 * Register an app, in a church office's words (issue 38, item 14). First what it is: a website that signs
 * members in, a phone or tablet app, a lobby check-in kiosk (an administrator's: it is one of the church's
 * own apps, bound to a campus), or something else. Each kind fills in the protocol's settings, which stay
 * under a closed "Advanced" for a developer to check or change (client type, grant types, scopes, PKCE,
 * nonce, PAR, DPoP, back-channel logout); "something else" opens it. The page then asks only what the kind
 * needs: its name, where members come back to after signing in and out, or a kiosk's campus. Checked here
 * first for what is plainly missing; the API checks everything again and its refusals go under the fields
 * they name (Advanced opens for one of its own).
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
  const t = useTranslations("AdminClients");
  const api = useApiMessages();
  const fieldSentence = useFieldSentence();
  const register = useRegisterClient();
  const [kind, setKind] = useState<AppKind | null>(null);
  const [name, setName] = useState("");
  const [redirectUris, setRedirectUris] = useState("");
  const [postLogoutUris, setPostLogoutUris] = useState("");
  const [logoutUri, setLogoutUri] = useState("");
  const [campusId, setCampusId] = useState("");
  const [type, setType] = useState<TechnicalSettings["type"]>("confidential");
  const [grants, setGrants] = useState<ReadonlySet<GrantType>>(new Set(APP_PRESETS.other.settings.grant_types));
  const [scopes, setScopes] = useState<ReadonlySet<SupportedScope>>(new Set(APP_PRESETS.other.settings.scopes));
  const [firstParty, setFirstParty] = useState(false);
  const [requirePkce, setRequirePkce] = useState(true);
  const [requireNonce, setRequireNonce] = useState(true);
  const [requirePar, setRequirePar] = useState(false);
  const [requireDpop, setRequireDpop] = useState(false);
  const [sessionRequired, setSessionRequired] = useState(false);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [complaints, setComplaints] = useState<Complaints>({});
  const nameInput = useRef<HTMLInputElement>(null);
  const campusSelect = useRef<HTMLSelectElement>(null);
  const redirectInput = useRef<HTMLTextAreaElement>(null);
  const postLogoutInput = useRef<HTMLTextAreaElement>(null);
  const logoutInput = useRef<HTMLInputElement>(null);
  const advanced = useRef<HTMLDetailsElement>(null);
  const formBox = useRef<HTMLDivElement>(null);

  // A kiosk serves a campus: its scope on one of the church's own apps asks which.
  const isKiosk = firstParty && scopes.has(KIOSK_SCOPE);
  const showAddresses = kind !== null && (kind !== "kiosk" || grants.has("authorization_code"));
  const offersFirstParty = canRegisterFirstParty && kind !== null && kind !== "kiosk";

  /** A kind fills in every technical setting (what was typed stays); "something else" shows them all. */
  function choose(next: AppKind) {
    const settings = APP_PRESETS[next].settings;
    setKind(next);
    setType(settings.type);
    setGrants(new Set(settings.grant_types));
    setScopes(new Set(settings.scopes));
    setFirstParty(settings.first_party);
    setRequirePkce(settings.require_pkce);
    setRequireNonce(settings.require_nonce_without_pkce);
    setRequirePar(settings.require_pushed_authorization_requests);
    setRequireDpop(settings.dpop_bound_access_tokens);
    setSessionRequired(settings.backchannel_logout_session_required);
    if (next === "other") setAdvancedOpen(true);
    // What was said of the settings was about the kind chosen before; the name and addresses stay as typed.
    setComplaints((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !ADVANCED_FIELDS.has(field as FieldName) && !KIND_FIELDS.has(field as FieldName))));
  }

  function focusFirst(found: Complaints) {
    const first = FIELDS.find((field) => found[field]);
    // A setting under "Advanced" is opened to first, so the keyboard can reach it.
    if (first && ADVANCED_FIELDS.has(first)) {
      if (advanced.current) advanced.current.open = true;
      setAdvancedOpen(true);
    }
    requestAnimationFrame(() => {
      if (!first) return formBox.current?.querySelector<HTMLElement>("[role=alert]")?.focus();
      const inputs: Partial<Record<FieldName, HTMLElement | null>> = {
        name: nameInput.current,
        check_in_campus_id: campusSelect.current,
        redirect_uris: redirectInput.current,
        post_logout_redirect_uris: postLogoutInput.current,
        backchannel_logout_uri: logoutInput.current,
      };
      // A group's first box, or a box that is a field of its own inside a group.
      const element = inputs[first] ?? formBox.current?.querySelector<HTMLInputElement>(`[data-field="${first}"] input:not([disabled]), input[data-field="${first}"]:not([disabled])`);
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
    if (kind === null) found.kind = t("register.chooseKind");
    if (!name.trim()) found.name = t("register.enterName");
    if (kind !== null) {
      if (grants.size === 0) found.grant_types = t("register.chooseGrant");
      if (grants.has("authorization_code") && lines(redirectUris).length === 0) found.redirect_uris = t(`register.returns.${kind}.missing`);
      if (scopes.size === 0) found.scopes = t("register.chooseScope");
      if (isKiosk && !campusId) found.check_in_campus_id = t("register.chooseCampus");
    }
    setComplaints(found);
    if (Object.keys(found).length > 0 || kind === null) return focusFirst(found);
    const chosenScopes = [...scopes].filter((scope) => firstParty || (THIRD_PARTY_SCOPES as readonly string[]).includes(scope));
    register.mutate(
      {
        name: name.trim(),
        type,
        redirect_uris: showAddresses ? lines(redirectUris) : [],
        post_logout_redirect_uris: showAddresses ? lines(postLogoutUris) : [],
        backchannel_logout_uri: logoutUri.trim() === "" ? null : logoutUri.trim(),
        backchannel_logout_session_required: sessionRequired,
        grant_types: GRANT_TYPES.filter((grant) => grants.has(grant)),
        scopes: chosenScopes,
        require_pkce: type === "public" ? true : requirePkce,
        require_nonce_without_pkce: requireNonce,
        require_pushed_authorization_requests: requirePar,
        dpop_bound_access_tokens: requireDpop,
        ...(firstParty ? { first_party: true } : {}),
        ...(isKiosk ? { check_in_campus_id: campusId } : {}),
      },
      {
        onSuccess: onRegistered,
        onError: (error) => {
          const refused = complaintsOf(error, kind, { t, api, fieldSentence });
          setComplaints(refused);
          focusFirst(refused);
        },
      },
    );
  }

  const offeredScopes: readonly SupportedScope[] = firstParty ? [...THIRD_PARTY_SCOPES, ...FIRST_PARTY_SCOPES] : THIRD_PARTY_SCOPES;
  const sees = scopesInWords([...scopes].filter((scope) => offeredScopes.includes(scope)), t);

  return (
    <div ref={formBox}>
      <Form
        onSubmit={submit}
        submitLabel={t("register.submit")}
        pendingLabel={t("register.pending")}
        pending={register.isPending}
        label={t("register.formLabel")}
        actions={
          <button type="button" className="button" onClick={onCancel}>
            {t("register.cancel")}
          </button>
        }
      >
        <FormProblem message={complaints.form ?? ""} />
        <ChoiceGroup legend={t("register.kindLegend")} error={complaints.kind} field="kind" wide>
          {APP_KINDS.map((option) =>
            option === "kiosk" && !canRegisterFirstParty ? (
              <p key={option} className={`${own.kindCard} ${own.kindUnavailable}`}>
                <span className={own.kindText}>
                  <span className={own.kindTitle}>{kindTitle("kiosk", t)}</span>
                  <span className={own.kindHint}>{t("register.kioskOnlyAdmin")}</span>
                </span>
              </p>
            ) : (
              <KindCard key={option} kind={option} checked={kind === option} onChoose={choose} />
            ),
          )}
        </ChoiceGroup>
        <p className={fieldStyles.hint}>{t.rich("register.calendarOnly", { link: (chunks: ReactNode) => <Link href="/developers">{chunks}</Link> })}</p>
        <TextField
          label={t("register.name")}
          name="name"
          hint={kind === "kiosk" ? t("register.nameHintKiosk") : t("register.nameHint")}
          autoComplete="off"
          maxLength={100}
          value={name}
          inputRef={nameInput}
          error={complaints.name}
          onChange={(event) => edit("name", () => setName(event.target.value))}
        />
        {isKiosk ? <CampusField campusId={campusId} error={complaints.check_in_campus_id} selectRef={campusSelect} onChange={(value) => edit("check_in_campus_id", () => setCampusId(value))} /> : null}
        {showAddresses && kind ? (
          <>
            <TextLines
              label={t(`register.returns.${kind}.label`)}
              hint={t(`register.returns.${kind}.hint`)}
              error={complaints.redirect_uris}
              value={redirectUris}
              onChange={(value) => edit("redirect_uris", () => setRedirectUris(value))}
              textareaRef={redirectInput}
            />
            <TextLines
              label={t("register.afterSignOut")}
              hint={t("register.afterSignOutHint")}
              error={complaints.post_logout_redirect_uris}
              value={postLogoutUris}
              onChange={(value) => edit("post_logout_redirect_uris", () => setPostLogoutUris(value))}
              textareaRef={postLogoutInput}
            />
          </>
        ) : null}
        {offersFirstParty ? (
          <ChoiceGroup legend={t("register.ownLegend")} error={complaints.first_party} field="first_party">
            <CheckboxField
              label={t("register.ownLabel")}
              hint={t("register.ownHint")}
              checked={firstParty}
              onChange={(event) => edit("first_party", () => setFirstParty(event.target.checked))}
            />
          </ChoiceGroup>
        ) : null}
        {kind ? (
          <p className={fieldStyles.hint} data-testid="app-may-see">
            {firstParty
              ? t("register.seesFirstParty", { sees: sees.length > 0 ? "some" : "none", list: sees.join("; ") })
              : t("register.seesAllowed", { sees: sees.length > 0 ? "some" : "none", list: sees.join("; ") })}
          </p>
        ) : null}
        {kind ? (
          <details ref={advanced} className={own.advanced} open={advancedOpen} onToggle={(event) => setAdvancedOpen(event.currentTarget.open)}>
            <summary>{t("register.advanced")}</summary>
            <p className={fieldStyles.hint}>
              {kind === "other" ? t("register.advancedOther") : t("register.advancedPreset")}
            </p>
            <div className={own.advancedFields}>
              <ChoiceGroup legend={t("register.clientType")} error={complaints.type} field="type">
                <label className={fieldStyles.checkbox}>
                  <input type="radio" name="type" value="confidential" checked={type === "confidential"} onChange={() => edit("type", () => setType("confidential"))} />
                  <span>
                    {t("register.confidential")}
                    <span className={`${fieldStyles.hint} ${own.choiceHint}`}>{t("register.confidentialHint")}</span>
                  </span>
                </label>
                <label className={fieldStyles.checkbox}>
                  <input type="radio" name="type" value="public" checked={type === "public"} onChange={() => edit("type", () => setType("public"))} />
                  <span>
                    {t("register.public")}
                    <span className={`${fieldStyles.hint} ${own.choiceHint}`}>{t("register.publicHint")}</span>
                  </span>
                </label>
              </ChoiceGroup>
              <ChoiceGroup legend={t("register.grantTypes")} error={complaints.grant_types} field="grant_types">
                {GRANT_TYPES.map((grant) => (
                  <CheckboxField
                    key={grant}
                    label={grantWords(grant, t)}
                    checked={grants.has(grant)}
                    onChange={(event) => edit("grant_types", () => setGrants((current) => toggle(current, grant, event.target.checked)))}
                  />
                ))}
              </ChoiceGroup>
              <ChoiceGroup legend={t("register.scopes")} hint={t("register.scopesHint")} error={complaints.scopes} field="scopes">
                {offeredScopes.map((scope) => (
                  <CheckboxField
                    key={scope}
                    label={scopeWords(scope, t)}
                    hint={scope}
                    checked={scopes.has(scope)}
                    onChange={(event) => edit("scopes", () => setScopes((current) => toggle(current, scope, event.target.checked)))}
                  />
                ))}
              </ChoiceGroup>
              <ChoiceGroup legend={t("register.pkceLegend")} error={complaints.require_pkce ?? complaints.require_nonce_without_pkce} field="require_pkce">
                <CheckboxField
                  label={t("register.pkce")}
                  hint={type === "public" ? t("register.pkceHintPublic") : t("register.pkceHint")}
                  checked={requirePkce || type === "public"}
                  disabled={type === "public"}
                  onChange={(event) => edit("require_pkce", () => setRequirePkce(event.target.checked))}
                />
                {type === "confidential" && !requirePkce ? (
                  <CheckboxField
                    data-field="require_nonce_without_pkce"
                    label={t("register.nonce")}
                    hint={t("register.nonceHint")}
                    checked={requireNonce}
                    onChange={(event) => edit("require_nonce_without_pkce", () => setRequireNonce(event.target.checked))}
                  />
                ) : null}
              </ChoiceGroup>
              <ChoiceGroup legend={t("register.protectionLegend")} error={complaints.require_pushed_authorization_requests ?? complaints.dpop_bound_access_tokens} field="require_pushed_authorization_requests">
                <CheckboxField
                  label={t("register.par")}
                  hint={t("register.parHint")}
                  checked={requirePar}
                  onChange={(event) => edit("require_pushed_authorization_requests", () => setRequirePar(event.target.checked))}
                />
                <CheckboxField
                  data-field="dpop_bound_access_tokens"
                  label={t("register.dpop")}
                  hint={t("register.dpopHint")}
                  checked={requireDpop}
                  onChange={(event) => edit("dpop_bound_access_tokens", () => setRequireDpop(event.target.checked))}
                />
              </ChoiceGroup>
              <TextField
                label={t("register.logoutUri")}
                hint={t("register.logoutUriHint")}
                type="url"
                inputMode="url"
                autoComplete="off"
                value={logoutUri}
                inputRef={logoutInput}
                error={complaints.backchannel_logout_uri}
                onChange={(event) => edit("backchannel_logout_uri", () => setLogoutUri(event.target.value))}
              />
              <ChoiceGroup legend={t("register.logoutTokenLegend")} error={complaints.backchannel_logout_session_required} field="backchannel_logout_session_required">
                <CheckboxField
                  label={t("register.sessionRequired")}
                  hint={t("register.sessionRequiredHint")}
                  checked={sessionRequired}
                  onChange={(event) => edit("backchannel_logout_session_required", () => setSessionRequired(event.target.checked))}
                />
              </ChoiceGroup>
            </div>
          </details>
        ) : null}
      </Form>
    </div>
  );
}

/** A kiosk's campus, from the campuses the office keeps under Places; said in words while they load or when there are none. */
function CampusField({ campusId, error, selectRef, onChange }: { campusId: string; error?: string; selectRef: React.Ref<HTMLSelectElement>; onChange: (value: string) => void }) {
  const t = useTranslations("AdminClients");
  const api = useApiMessages();
  // Asked for only when a kiosk is being registered: the same query as the event form's.
  const campuses = useCampuses();
  const items = campuses.data?.items ?? [];
  const problem = campuses.isError
    ? api.failed(t("register.campusesFailed"), campuses.error)
    : campuses.isSuccess && items.length === 0
      ? t("register.noCampus")
      : undefined;
  return (
    <>
      <Field label={t("register.campus")} hint={t("register.campusHint")} error={error ?? problem}>
        {(wiring) => (
          <select ref={selectRef} className={`${fieldStyles.control} ${fieldStyles.select} ${own.campus}`} value={campusId} onChange={(event) => onChange(event.target.value)} {...wiring}>
            <option value="">{campuses.isPending ? t("register.loadingCampuses") : t("register.chooseACampus")}</option>
            {items.map((campus) => (
              <option key={campus.id} value={campus.id}>
                {campus.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {campuses.isSuccess && items.length === 0 ? (
        <p className={fieldStyles.hint}>
          {t.rich("register.placesHoldCampuses", { link: (chunks: ReactNode) => <Link href="/admin/places">{chunks}</Link> })}
        </p>
      ) : null}
    </>
  );
}
