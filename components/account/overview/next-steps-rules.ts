/**
 * What a member might do next on their account, from what it already holds: the steps that apply, most
 * useful first, each with where to do it. Pure, so the rules are tested without a browser. A step whose
 * facts are not known yet (a read failed, a scope was not granted) is left out rather than guessed. Each
 * step's words are the AccountOverview.steps.<id> messages (title, why, action).
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
  href: string;
}

const STEPS: Record<NextStep["id"], Omit<NextStep, "id">> = {
  household: { href: "/account/family" },
  membership: { href: "/account/membership" },
  phone: { href: "/account/recovery" },
  passkey: { href: "/account/security" },
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
