"use client";

import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { Form } from "@/components/ui/form";
import { FormProblem } from "@/components/ui/form-problem";
import { Section } from "@/components/ui/section";
import { SelectField } from "@/components/ui/select-field";
import { countryOptions, timeZoneLabel, timeZoneOptions } from "@/components/ui/region-options";
import { TextField } from "@/components/ui/text-field";
import { useInBrowser } from "@/components/ui/use-in-browser";
import { brandColourProblem, contrastRatio } from "@/lib/church-settings/brand-colour";
import { LOGO_MAX_BYTES, type ChurchSettingsAnswer } from "@/lib/church-settings/schemas";
import { LOCALE_NAMES, LOCALES } from "@/lib/kernel/locales";
import { useSplitRefusal } from "./household-refusal";
import { useChurchLogo, useMailServer, useSaveChurchSettings } from "./church-settings-queries";
import { MailServerForm } from "./mail-server-form";
import styles from "./church-settings.module.css";

/** The fields of the form, as typed: every one a string, empty for none. */
const FIELDS = ["name", "short_name", "country", "time_zone", "default_locale", "contact_email", "website_url", "privacy_url", "terms_url", "email_sender_name", "brand_colour"] as const;
type FieldName = (typeof FIELDS)[number];
type Values = Record<FieldName, string>;

function valuesOf(settings: ChurchSettingsAnswer): Values {
  return Object.fromEntries(FIELDS.map((field) => [field, settings[field] ?? ""])) as Values;
}

/**
 * The church's name and look (issue 39): what every page, email and the kiosk show. A field left as the server
 * set it is not sent; emptied, it goes back to the server's value. The logo is saved as soon as it is chosen.
 */
export function ChurchSettingsForm({ initial }: { initial: ChurchSettingsAnswer }) {
  const t = useTranslations("AdminSettings");
  const locale = useLocale();
  const splitRefusal = useSplitRefusal();
  const [saved, setSaved] = useState(initial);
  const [values, setValues] = useState<Values>(() => valuesOf(initial));
  const [done, setDone] = useState("");
  const save = useSaveChurchSettings((settings) => {
    setSaved(settings);
    setValues(valuesOf(settings));
    setDone(t("saved"));
  });
  // The lists come from the browser's own Intl, which may name places differently from the server's: they are
  // filled in once the page runs, the saved value alone until then, so the server's page and the browser's agree.
  const inBrowser = useInBrowser();
  const countries = useMemo(() => (inBrowser ? countryOptions(locale) : [{ code: values.country, name: values.country }]), [inBrowser, locale, values.country]);
  const zones = useMemo(() => (inBrowser ? timeZoneOptions(values.time_zone) : [values.time_zone]), [inBrowser, values.time_zone]);
  const refusal = splitRefusal(save.error, FIELDS, t("saveFailed"));
  const colourProblem = values.brand_colour ? brandColourProblem(values.brand_colour) : null;

  function set(field: FieldName) {
    return (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      setValues((current) => ({ ...current, [field]: event.target.value }));
      setDone("");
    };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending || colourProblem) return;
    const before = valuesOf(saved);
    const changes = Object.fromEntries(FIELDS.filter((field) => values[field].trim() !== before[field]).map((field) => [field, values[field].trim() || null]));
    if (Object.keys(changes).length === 0) {
      setDone(t("nothingChanged"));
      return;
    }
    save.mutate(changes);
  }

  const fieldError = (field: FieldName) => (refusal.field === field ? refusal.message : undefined);
  const setByServer = (field: FieldName) => saved.from_server.includes(field);

  return (
    <>
      <LogoSection saved={saved} onSaved={setSaved} />
      <Form onSubmit={submit} submitLabel={t("save")} pendingLabel={t("saving")} pending={save.isPending} label={t("formLabel")}>
        <FormProblem message={refusal.field ? "" : refusal.message} />
        <p className="notice notice--success" role="status" hidden={!done}>
          {done}
        </p>
        <fieldset className={styles.group}>
          <legend>{t("yourChurch")}</legend>
          <TextField
            label={t("name")}
            name="name"
            value={values.name}
            onChange={set("name")}
            maxLength={100}
            autoComplete="organization"
            hint={setByServer("name") ? t("nameHintFromServer") : t("nameHint")}
            error={fieldError("name")}
          />
          <TextField label={t("shortName")} name="short_name" value={values.short_name} onChange={set("short_name")} maxLength={30} autoComplete="off" hint={t("shortNameHint")} error={fieldError("short_name")} />
          <SelectField label={t("country")} name="country" value={values.country} onChange={set("country")} hint={t("countryHint")} error={fieldError("country")}>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("timeZone")} name="time_zone" value={values.time_zone} onChange={set("time_zone")} hint={t("timeZoneHint")} error={fieldError("time_zone")}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {timeZoneLabel(zone)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("language")} name="default_locale" value={values.default_locale} onChange={set("default_locale")} hint={setByServer("default_locale") ? t("languageHintFromServer") : t("languageHint")} error={fieldError("default_locale")}>
            {LOCALES.map((tag) => (
              <option key={tag} value={tag} lang={tag}>
                {LOCALE_NAMES[tag]}
              </option>
            ))}
          </SelectField>
        </fieldset>
        <fieldset className={styles.group}>
          <legend>{t("howToReachYou")}</legend>
          <TextField label={t("contactEmail")} name="contact_email" type="email" value={values.contact_email} onChange={set("contact_email")} autoComplete="email" hint={t("contactEmailHint")} error={fieldError("contact_email")} />
          <TextField label={t("website")} name="website_url" type="url" value={values.website_url} onChange={set("website_url")} autoComplete="url" placeholder="https://" error={fieldError("website_url")} />
          <TextField label={t("privacy")} name="privacy_url" type="url" value={values.privacy_url} onChange={set("privacy_url")} placeholder="https://" hint={t("privacyHint")} error={fieldError("privacy_url")} />
          <TextField label={t("terms")} name="terms_url" type="url" value={values.terms_url} onChange={set("terms_url")} placeholder="https://" error={fieldError("terms_url")} />
          <TextField
            label={t("sender")}
            name="email_sender_name"
            value={values.email_sender_name}
            onChange={set("email_sender_name")}
            maxLength={100}
            hint={setByServer("email_sender_name") ? t("senderHintFromServer") : t("senderHint")}
            error={fieldError("email_sender_name")}
          />
        </fieldset>
        <fieldset className={styles.group}>
          <legend>{t("colour")}</legend>
          <div className={styles.colourRow}>
            <input type="color" aria-label={t("pickColour")} className={styles.picker} value={/^#[0-9a-f]{6}$/i.test(values.brand_colour) ? values.brand_colour : "#000000"} onChange={set("brand_colour")} />
            <TextField
              label={t("brandColour")}
              name="brand_colour"
              value={values.brand_colour}
              onChange={set("brand_colour")}
              maxLength={7}
              autoComplete="off"
              hint={t("brandColourHint")}
              error={colourProblem ? (locale === "en" ? colourProblem : t("brandColourProblem")) : fieldError("brand_colour")}
            />
          </div>
          {!colourProblem && values.brand_colour ? <ColourPreview colour={values.brand_colour} /> : null}
        </fieldset>
      </Form>
      <div className={styles.afterForm}>
        <MailServerSection saved={saved} onSaved={setSaved} />
      </div>
    </>
  );
}

/** Where emails go out (issue 39): the church's own mail server, tested as it is saved. */
function MailServerSection({ saved, onSaved }: { saved: ChurchSettingsAnswer; onSaved: (settings: ChurchSettingsAnswer) => void }) {
  const mail = useTranslations("AdminSettings.mail");
  const { save, test, remove } = useMailServer(onSaved);
  // Forgetting the saved server starts the form afresh (with the server's own, if any); a save keeps it as typed.
  const [forgotten, setForgotten] = useState(0);
  const server = saved.mail_server;
  return (
    <Section
      id="email-sending"
      title={mail("title")}
      description={server ? mail("descriptionSet") : mail("descriptionUnset")}
    >
      <MailServerForm
        key={forgotten}
        current={server}
        suggestedTo={saved.contact_email ?? ""}
        onSave={async (body) => (await save.mutateAsync(body)).mail_server}
        onTest={(to) => test.mutateAsync(to)}
        actions={
          server?.source === "saved" ? (
            <button type="button" className="button" onClick={() => remove.mutate(undefined, { onSuccess: () => setForgotten((count) => count + 1) })} disabled={remove.isPending}>
              {mail("forget")}
            </button>
          ) : null
        }
      />
    </Section>
  );
}

/** The colour on a button and a link. Set through the style object, not a style attribute, which the pages' policy does not allow. */
function ColourPreview({ colour }: { colour: string }) {
  const preview = useTranslations("AdminSettings.preview");
  const format = useFormatter();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.style.setProperty("--preview-colour", colour);
  }, [colour]);
  return (
    <div ref={box} className={styles.preview}>
      <span className={styles.previewButton} aria-hidden="true">
        {preview("button")}
      </span>
      <span className={styles.previewLink} aria-hidden="true">
        {preview("link")}
      </span>
      <span className="muted">{preview("contrast", { ratio: format.number(contrastRatio(colour, "#ffffff"), { minimumFractionDigits: 1, maximumFractionDigits: 1 }) })}</span>
    </div>
  );
}

function LogoSection({ saved, onSaved }: { saved: ChurchSettingsAnswer; onSaved: (settings: ChurchSettingsAnswer) => void }) {
  const logo = useTranslations("AdminSettings.logo");
  const splitRefusal = useSplitRefusal();
  const { upload, remove } = useChurchLogo(onSaved);
  const [complaint, setComplaint] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const error = upload.error ?? remove.error;
  const refusal = splitRefusal(error, ["image"] as const, logo("saveFailed"));

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    setComplaint("");
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) {
      setComplaint(logo("tooLarge", { size: Math.ceil(file.size / 1024), max: LOGO_MAX_BYTES / 1024 }));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => upload.mutate(String(reader.result));
    reader.onerror = () => setComplaint(logo("unreadable"));
    reader.readAsDataURL(file);
  }

  return (
    <Section id="logo-title" title={logo("title")} description={logo("description")}>
      <div className={styles.logoRow}>
        {saved.logo_url ? (
          // eslint-disable-next-line @next/next/no-img-element
          <img src={saved.logo_url} alt={logo("alt")} className={styles.logo} />
        ) : (
          <p className="muted">{logo("none")}</p>
        )}
        <div className={styles.logoActions}>
          <label className="button">
            {upload.isPending ? logo("uploading") : saved.logo_url ? logo("chooseAnother") : logo("choose")}
            <input ref={input} type="file" accept="image/png,image/jpeg,image/webp" className="visually-hidden" onChange={choose} disabled={upload.isPending} />
          </label>
          {saved.logo_url ? (
            <button type="button" className="button" onClick={() => remove.mutate()} disabled={remove.isPending}>
              {logo("remove")}
            </button>
          ) : null}
        </div>
      </div>
      <FormProblem message={complaint || refusal.message} />
    </Section>
  );
}
