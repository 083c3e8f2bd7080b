import { failedMessage } from "@/components/account/api-messages";
import { PortalApiError } from "@/lib/portal-api/client";

/**
 * What a church office reads when the API refuses a change to someone's account because that account is
 * more powerful than the staff member's own (lib/users/assert-may-act-on-account.ts): which powers it holds
 * that theirs does not, in words, or that they must sign in again first. Pure, so it is unit-tested.
 */

/** Each staff or volunteer permission as the office would say what it lets someone do. */
const PERMISSION_WORDS: Record<string, string> = {
  "users:read": "see members’ accounts",
  "users:write": "disable members’ accounts and sign them out",
  "roles:write": "give people roles",
  "events:read": "see events",
  "events:write": "change events",
  "clients:read": "see the apps that use church sign-in",
  "clients:write": "change those apps",
  "membership:read": "see the membership register",
  "membership:write": "change the membership register",
  "people:import": "import people from a file",
  "families:read": "see households",
  "families:write": "change households",
  "audit:read": "read the record of what staff did",
  "church:export": "download all of the church’s data",
  "settings:write": "change the church’s settings",
  "attendance:read": "see attendance",
  "attendance:write": "check people in and out by hand",
  "attendance:kiosk": "set up check-in kiosks",
};

const MISSING = /^missing permission ([a-z_:-]+(?:, [a-z_:-]+)*): /;

/** "a, b and c" */
function inList(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

export interface PersonRefusal {
  message: string;
  /** Signing in again is what is missing: the page offers it. */
  signInAgain: boolean;
}

/**
 * `what` is the change in the page's own words ("disable Jane Doe’s account"); `name` the member's name.
 * Other refusals keep the usual "We couldn’t …" sentence.
 */
export function personRefusal(what: string, name: string, error: Error): PersonRefusal {
  if (error instanceof PortalApiError && error.signInAgain) {
    return {
      message: `We couldn’t ${what} yet. ${name} can do more than a member can (staff or volunteer work), so for safety we ask you to sign in again first. Then try once more.`,
      signInAgain: true,
    };
  }
  const missing = error instanceof PortalApiError && error.code === "forbidden" ? MISSING.exec(error.message)?.[1] : undefined;
  if (missing) {
    const powers = missing.split(", ").map((permission) => PERMISSION_WORDS[permission] ?? permission);
    return {
      message: `We couldn’t ${what}. This account can ${inList(powers)}, and yours cannot. Only someone who can do everything this account can may change it: ask an administrator.`,
      signInAgain: false,
    };
  }
  return { message: failedMessage(what, error), signInAgain: false };
}

/** The roles form: giving a role means giving its powers. */
export function rolesRefusal(name: string, error: Error): PersonRefusal {
  const missing = error instanceof PortalApiError && error.code === "forbidden" ? MISSING.exec(error.message)?.[1] : undefined;
  if (!missing) return personRefusal(`save ${name}’s roles`, name, error);
  const powers = missing.split(", ").map((permission) => PERMISSION_WORDS[permission] ?? permission);
  return {
    message: `We couldn’t save ${name}’s roles. The change touches what your account cannot do (${inList(powers)}): you can only give, or take away, what you can do yourself. Ask an administrator.`,
    signInAgain: false,
  };
}
