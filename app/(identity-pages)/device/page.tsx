import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { database } from "@/lib/db";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { getDeviceReview, type DeviceReview } from "@/lib/oauth/device/get-device-review";
import { AuthForm } from "../_components/auth-form";
import { authFormWords } from "../_components/fields";
import { currentSession } from "@/lib/http/current-session";
import { ScopeDecision } from "../_components/scope-decision";
import { pageError } from "../_components/page-error";
import { param, type SearchParams } from "../_components/page-errors";
import { scopeLinesInPageLanguage } from "../consent/scope-words";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Device");
  return { title: t("title") };
}

/** The answer's page, by its messages' keys. */
// i18n-uses: Device.allowedTitle
// i18n-uses: Device.allowedText
// i18n-uses: Device.deniedTitle
// i18n-uses: Device.deniedText
const DONE = {
  allowed: { title: "allowedTitle", text: "allowedText" },
  denied: { title: "deniedTitle", text: "deniedText" },
} as const;

function Done({ outcome }: { outcome: keyof typeof DONE }) {
  const t = useTranslations("Device");
  return (
    <div className="auth-card">
      <h1>{t(DONE[outcome].title)}</h1>
      <p className="auth-card__lede">{t(DONE[outcome].text)}</p>
      <ul className="auth-links" role="list">
        <li>
          <a href="/account/security">{t("yourDevices")}</a>
        </li>
      </ul>
    </div>
  );
}

/**
 * Where the request came from, in a volunteer's words: the campus whose kiosk asks, the network (address) it
 * asked from, which the requester cannot choose, and whether that is one of the campus's own networks; and
 * what the device says it is, which it can choose (its User-Agent), said as such.
 */
function Origin({ review }: { review: DeviceReview }) {
  const t = useTranslations("Device");
  const says = review.device.device === "Unknown device" ? review.device.browser : `${review.device.device} · ${review.device.browser}`;
  const { ip, campus } = review;
  const network =
    ip === null
      ? t("networkNotKnown")
      : review.onAllowedNetwork === true
        ? campus
          ? t("campusOwnNetwork", { ip, campus })
          : t("churchOwnNetwork", { ip })
        : review.onAllowedNetwork === false
          ? campus
            ? t("notCampusNetwork", { ip, campus })
            : t("notChurchNetwork", { ip })
          : ip;
  return (
    <dl className="device-facts">
      {campus ? (
        <>
          <dt>{t("campus")}</dt>
          <dd>{campus}</dd>
        </>
      ) : null}
      <dt>{t("askedFromNetwork")}</dt>
      <dd>{network}</dd>
      <dt>{t("deviceSays")}</dt>
      <dd>{says}</dd>
    </dl>
  );
}

function Review({ review, csrf, email, error }: { review: DeviceReview; csrf: string; email: string; error: { message: string } | null }) {
  const t = useTranslations("Device");
  return (
    <div className="auth-card">
      <h1>{t("reviewTitle", { app: review.clientName })}</h1>
      <p className="auth-card__lede">{review.campus ? t("reviewLedeKiosk", { campus: review.campus }) : t("reviewLede")}</p>
      {error ? (
        <div className="notice notice--error" role="alert">
          <p>{error.message}</p>
        </div>
      ) : null}
      <Origin review={review} />
      {review.campus && review.onAllowedNetwork === null ? <p className="device-caution">{t("cautionAnyNetwork", { campus: review.campus })}</p> : null}
      {review.onAllowedNetwork === false ? (
        <p className="device-caution">
          {review.campus ? t("cautionNotCampusNetwork", { campus: review.campus }) : t("cautionNotChurchNetwork")}
        </p>
      ) : null}
      <p>{review.firstParty ? t("firstPartyAbleTo", { app: review.clientName }) : t("thirdPartyAbleTo", { app: review.clientName })}</p>
      <ScopeDecision action="/auth/device/decision" csrf={csrf} request={review.id} clientName={review.clientName} scopes={review.scopes} />
      <p className="auth-who">{t("reviewSignedInAs", { email })}</p>
    </div>
  );
}

/**
 * /device (RFC 8628 3.3): the member types the code a kiosk or display shows, sees which app asks for what
 * from which device, and allows or denies. The code from a scanned link (`?user_code=`) is only filled in:
 * the member still presses Continue, so a link someone sends cannot sign a device in by itself (RFC 8628 5.4).
 */
export default async function DevicePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = await searchParams;
  const t = await getTranslations("Device");
  const typedCode = param(query, "user_code")?.slice(0, 32);
  const session = await currentSession();
  if (!session) redirect(pagePath(PAGES.signIn, { return_to: pagePath(PAGES.device, { user_code: typedCode }) }));

  const done = param(query, "done");
  if (done === "allowed" || done === "denied") return <Done outcome={done} />;

  const csrf = (await csrfTokenForPage()) ?? "";
  const error = await pageError(query);
  const review = await getDeviceReview(await database(), param(query, "request"), session.id);
  if (review) return <Review review={{ ...review, scopes: await scopeLinesInPageLanguage(review.scopes) }} csrf={csrf} email={session.email} error={error} />;

  return (
    <div className="auth-card">
      <h1>{t("title")}</h1>
      <p className="auth-card__lede">{t("lede")}</p>
      <AuthForm
        action="/auth/device"
        submitLabel={t("submit")}
        hidden={{ [CSRF_FIELD]: csrf }}
        initialError={error}
        words={await authFormWords()}
        fields={[
          {
            name: "user_code",
            label: t("code"),
            type: "text",
            autoComplete: "one-time-code",
            autoCapitalize: "characters",
            spellCheck: false,
            maxLength: 32,
            hint: t("codeHint"),
            defaultValue: typedCode,
          },
        ]}
      />
      <p className="auth-who">{t("signedInAs", { email: session.email })}</p>
    </div>
  );
}
