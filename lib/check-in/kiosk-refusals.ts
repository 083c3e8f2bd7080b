/**
 * The check-in domain's refusals a lobby kiosk, or a family at one, can meet (issue 41), each written once. The
 * API answers them in English, word for word as here: they are part of its contract, and its tests hold them.
 * The kiosk screen finds an answer's sentence among these and says it in the visit's language instead (the
 * Kiosk.refusals messages, whose English is these very sentences; components/kiosk/kiosk-refusals.ts). Pure, so
 * the screen reads the same sentences the services throw.
 *
 * A `{name}` is filled in by kioskRefusal, and is the argument of the same name in the messages: ICU's plain
 * argument. No sentence has an apostrophe next to a brace, where ICU would read it as quoting.
 */
export const KIOSK_REFUSALS = {
  // Finding the household (lib/check-in/find-household.ts, phone-check.ts)
  invalidMemberCode: "member_code: is not a valid or current check-in code",
  phoneNotMobile: "phone: must be a mobile number with its country code, such as +1 617 555 0199",
  textsUnavailable: "this church cannot send texts yet: scan a member code or a household card, or ask a volunteer",
  wrongTextedCode: "code: is not the code we texted; {tries} tries left",
  wrongTextedCodeLastTry: "code: is not the code we texted; 1 try left",
  textedCodeOver: "code: has expired or was mistyped too often; type the phone number again for a new code",
  unknownPhone: "no household has this phone number; scan a member code or card, or ask a volunteer",
  // Checking children in (kiosk-check-in.ts, check-in-people.ts)
  presenceExpired: "presence: has expired; scan your code or type your phone number again",
  adultNotPresent: "only the adult who scanned their code or typed the texted code can check children in",
  notTheirChildren: "children: each must be a child of the adult's household or a dependant of theirs",
  notAuthorizedToCheckIn: "this adult is marked NOT authorized for {children}: do not check them in; fetch a staff member",
  notThisKindOfCheckIn: "{event} does not take this kind of check-in",
  checkInNotOpen: "check-in for {event} is not open",
  alreadyCheckedIn: "{child} is already checked in to {event}: please see a volunteer",
  alreadyCheckedInAtTheSameTime: "{child} is already checked in to {event} at the same time: please see a volunteer",
  eventFull: "{event} is full",
  onePlaceLeft: "{event} has only 1 place left",
  placesLeft: "{event} has only {left} places left",
  // Picking children up (check-out.ts)
  unknownPickupTag: "pickup_tag: is not a pickup tag printed here; fetch a staff member",
  noChildForTag: "child checked in here today with this pickup tag not found",
  noChildForAdult: "child checked in here today whom this adult may collect not found",
  notAuthorizedToCollect: "this adult is marked NOT authorized to collect {child}: do not hand the child over; fetch a staff member",
  memberCodeSpent: "member_code: has already been used to collect a child; show a fresh code",
  alreadyCheckedOut: "{child} is already checked out",
  // Signing the kiosk out (kiosk-sign-out.ts)
  cardCannotSignOut: "volunteer_code: is a household card, which cannot sign a kiosk out; scan the check-in code on your phone",
  invalidVolunteerCode: "volunteer_code: is not a valid or current check-in code",
  notAVolunteer: "only a check-in volunteer can sign this kiosk out: ask one to scan their own check-in code",
  volunteerCodeSpent: "volunteer_code: has already been used; show a fresh code",
  // The tablet itself (guess-limits.ts, kiosk-campus.ts)
  tooManyMisses: "too many wrong scans or searches at this kiosk; ask a volunteer",
  notAKiosk: "this client is not a check-in kiosk of a campus",
} as const;

export type KioskRefusalKey = keyof typeof KIOSK_REFUSALS;

type Placeholders<Sentence extends string> = Sentence extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** The names a refusal's sentence leaves to be filled in: `"child" | "event"`. */
export type KioskRefusalPlaceholder<Key extends KioskRefusalKey> = Placeholders<(typeof KIOSK_REFUSALS)[Key]>;

/** The refusals with something to fill in, the only ones kioskRefusal is for: the others are used as they are. */
export type KioskRefusalWithValues = { [Key in KioskRefusalKey]: [KioskRefusalPlaceholder<Key>] extends [never] ? never : Key }[KioskRefusalKey];

/**
 * The placeholders that hold first names, more than one joined as English joins them ("Amy and Ben"), which the
 * kiosk splits again to join them as the visit's language does.
 */
export const KIOSK_REFUSAL_LISTS: ReadonlySet<string> = new Set(["children"]);
export const KIOSK_REFUSAL_AND = " and ";

/** A refusal's English sentence with its placeholders filled in: kioskRefusal("eventFull", { event: "Kids' church" }). */
export function kioskRefusal<Key extends KioskRefusalWithValues>(key: Key, values: Record<KioskRefusalPlaceholder<Key>, string | number | readonly string[]>): string {
  const filled: Record<string, string | number | readonly string[]> = values;
  return KIOSK_REFUSALS[key].replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = filled[name]!;
    return typeof value === "object" ? value.join(KIOSK_REFUSAL_AND) : String(value);
  });
}
