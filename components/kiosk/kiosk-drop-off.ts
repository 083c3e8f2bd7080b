import type { Household } from "@/lib/check-in/schemas";

type Member = Household["members"][number];

/**
 * Who may drop a household's children off at the kiosk, and who is chosen before anyone taps (issue 38):
 * the household's adults the tablet knows are standing at it, the one who scanned their code or card or whose
 * phone took the texted code (`scanned_id`). Only they can check children in (the proof of presence names
 * them, docs/decisions/0023), so no other adult is offered, to be refused after a tap. One such adult is
 * preselected: still shown, so the parent sees who is recorded, and changeable where there are several. None
 * (a teenager scanned their own code) means an adult must scan theirs.
 */
export function dropOffChoices(household: Household): { adults: Member[]; preset: string | null } {
  const adults = household.members.filter((member) => member.role === "adult" && member.id === household.scanned_id);
  return { adults, preset: adults.length === 1 ? adults[0]!.id : null };
}
