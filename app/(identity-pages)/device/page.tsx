import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { PAGES, pagePath } from "@/lib/accounts/page-paths";
import { database } from "@/lib/db";
import { CSRF_FIELD, csrfTokenForPage } from "@/lib/http/csrf";
import { getDeviceReview, type DeviceReview } from "@/lib/oauth/device/get-device-review";
import { AuthForm } from "../_components/auth-form";
import { currentSession } from "../_components/current-session";
import { ScopeDecision } from "../_components/scope-decision";
import { errorFromQuery, param, type SearchParams } from "../_components/page-errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in a device" };

const DONE = {
  allowed: { title: "The device is signed in", text: "It may take a few seconds to notice. You can see it, and sign it out, under Account › Security." },
  denied: { title: "The device was not signed in", text: "Nothing was shared with it. If you meant to sign it in, start again on the device." },
} as const;

function Done({ outcome }: { outcome: keyof typeof DONE }) {
  return (
    <div className="auth-card">
      <h1>{DONE[outcome].title}</h1>
      <p className="auth-card__lede">{DONE[outcome].text}</p>
      <ul className="auth-links" role="list">
        <li>
          <a href="/account/security">Your signed-in devices</a>
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
  const says = review.device.device === "Unknown device" ? review.device.browser : `${review.device.device} · ${review.device.browser}`;
  const network =
    review.ip === null
      ? "Not known"
      : review.onAllowedNetwork === true
        ? `${review.ip}, one of ${review.campus ?? "the church"}’s own networks`
        : review.onAllowedNetwork === false
          ? `${review.ip}, not one of ${review.campus ?? "the church"}’s networks`
          : review.ip;
  return (
    <dl className="device-facts">
      {review.campus ? (
        <>
          <dt>Campus</dt>
          <dd>{review.campus}</dd>
        </>
      ) : null}
      <dt>Asked from the network</dt>
      <dd>{network}</dd>
      <dt>The device says it is</dt>
      <dd>{says}</dd>
    </dl>
  );
}

function Review({ review, csrf, email, error }: { review: DeviceReview; csrf: string; email: string; error: { message: string } | null }) {
  return (
    <div className="auth-card">
      <h1>{`Sign in ${review.clientName} on this device?`}</h1>
      <p className="auth-card__lede">
        {review.campus
          ? `Only allow this if you are standing at the ${review.campus} check-in kiosk and it shows this code. Never type a code that someone sent you.`
          : "Only allow this if you are at the device and you started the sign-in there yourself. Never type a code that someone sent you."}
      </p>
      {error ? (
        <div className="notice notice--error" role="alert">
          <p>{error.message}</p>
        </div>
      ) : null}
      <Origin review={review} />
      {review.campus && review.onAllowedNetwork === null ? (
        <p className="device-caution">
          This kiosk can be set up from any network, not only {review.campus}’s. If the kiosk in front of you does not show this code, choose Deny.
        </p>
      ) : null}
      {review.onAllowedNetwork === false ? (
        <p className="device-caution">
          This request did not come from {review.campus ?? "the church"}’s network. Unless you are sure it is the kiosk in front of you, choose Deny.
        </p>
      ) : null}
      <p>{review.firstParty ? `${review.clientName} is run by the church. Signed in, it will be able to:` : `${review.clientName} is not run by the church. If you allow it, it will be able to:`}</p>
      <ScopeDecision action="/auth/device/decision" csrf={csrf} request={review.id} clientName={review.clientName} scopes={review.scopes} />
      <p className="auth-who">
        Signed in as {email}. The device stays signed in as you until you sign it out under Account › Security.
      </p>
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
  const typedCode = param(query, "user_code")?.slice(0, 32);
  const session = await currentSession();
  if (!session) redirect(pagePath(PAGES.signIn, { return_to: pagePath(PAGES.device, { user_code: typedCode }) }));

  const done = param(query, "done");
  if (done === "allowed" || done === "denied") return <Done outcome={done} />;

  const csrf = (await csrfTokenForPage()) ?? "";
  const error = errorFromQuery(query);
  const review = await getDeviceReview(await database(), param(query, "request"), session.id);
  if (review) return <Review review={review} csrf={csrf} email={session.email} error={error} />;

  return (
    <div className="auth-card">
      <h1>Sign in a device</h1>
      <p className="auth-card__lede">Type the code shown on the screen of the kiosk or display you want to sign in.</p>
      <AuthForm
        action="/auth/device"
        submitLabel="Continue"
        hidden={{ [CSRF_FIELD]: csrf }}
        initialError={error}
        fields={[
          {
            name: "user_code",
            label: "Code",
            type: "text",
            autoComplete: "one-time-code",
            autoCapitalize: "characters",
            spellCheck: false,
            maxLength: 32,
            hint: "Eight letters, like BCDF-GHJK",
            defaultValue: typedCode,
          },
        ]}
      />
      <p className="auth-who">Signed in as {session.email}. The device will be signed in as you.</p>
    </div>
  );
}
