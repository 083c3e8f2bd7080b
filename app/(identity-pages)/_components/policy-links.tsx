/**
 * The church's privacy policy and terms (/admin/settings) under every sign-in, registration and consent page,
 * where someone decides to give the church their details; nothing while the church has set neither.
 */
export function PolicyLinks({ privacyUrl, termsUrl }: { privacyUrl: string | null; termsUrl: string | null }) {
  if (!privacyUrl && !termsUrl) return null;
  return (
    <p className="auth-policies">
      {privacyUrl ? <a href={privacyUrl}>Privacy policy</a> : null}
      {privacyUrl && termsUrl ? " · " : null}
      {termsUrl ? <a href={termsUrl}>Terms of use</a> : null}
    </p>
  );
}
