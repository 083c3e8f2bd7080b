/**
 * Addresses of the sign-in and account pages, with the parked authorization request (and other small,
 * non-personal values) carried along in the query. Pure: used by pages and form handlers alike.
 */
export const PAGES = {
  signIn: "/sign-in",
  secondFactor: "/sign-in/second-factor",
  emailCode: "/sign-in/email-code",
  emailCodeVerify: "/sign-in/email-code/verify",
  register: "/register",
  verifyEmail: "/register/verify",
  forgotPassword: "/forgot-password",
  resetPassword: "/forgot-password/reset",
  consent: "/consent",
  device: "/device",
  signOut: "/sign-out",
  signedOut: "/signed-out",
} as const;

export function pagePath(path: string, params: Record<string, string | undefined | null> = {}): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
