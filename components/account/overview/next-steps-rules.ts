/**
 * What a member might do next on their account, from what it already holds: the steps that apply, most
 * useful first, each with where to do it. Pure, so the rules are tested without a browser. A step whose
 * facts are not known yet (a read failed, a scope was not granted) is left out rather than guessed.
 */

export interface AccountFacts {
  /** In a household (null: not known). */
  inHousehold: boolean | null;
  /** A membership record linked, or a request waiting for the office (null: not known). */
  membershipLinkedOrAsked: boolean | null;
  /** A phone number verified (null: not known). */
  phoneVerified: boolean | null;
  /** Passkeys held (null: not known). */
  passkeys: number | null;
}

export interface NextStep {
  id: "household" | "membership" | "phone" | "passkey";
  title: string;
  why: string;
  href: string;
  action: string;
}

const STEPS: Record<NextStep["id"], Omit<NextStep, "id">> = {
  household: {
    title: "Add your household",
    why: "Start your household or join it with a family code, so you can sign your family up for events and check your children in.",
    href: "/account/family",
    action: "Set up your household",
  },
  membership: {
    title: "Connect your membership",
    why: "If the church already has you on its membership list, connect it to your account so the office knows it is you.",
    href: "/account/membership",
    action: "Find your membership",
  },
  phone: {
    title: "Add your mobile number",
    why: "The welcome kiosk finds your household by it when you check your children in, and the church office can reach you.",
    href: "/account/recovery",
    action: "Add your number",
  },
  passkey: {
    title: "Sign in with your face or fingerprint",
    why: "A passkey signs you in with your phone’s or computer’s screen lock: no password to remember or type.",
    href: "/account/security",
    action: "Add a passkey",
  },
};

export function nextSteps(facts: AccountFacts): NextStep[] {
  const applies: Record<NextStep["id"], boolean> = {
    household: facts.inHousehold === false,
    membership: facts.membershipLinkedOrAsked === false,
    phone: facts.phoneVerified === false,
    passkey: facts.passkeys === 0,
  };
  return (Object.keys(STEPS) as NextStep["id"][]).filter((id) => applies[id]).map((id) => ({ id, ...STEPS[id] }));
}
