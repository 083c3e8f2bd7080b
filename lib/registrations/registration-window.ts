import type { RegistrationState } from "./schemas.ts";

/**
 * When an event takes sign-up (docs/decisions/0024): staff opened it, the event is on the calendar (stored
 * SCHEDULED; whether it is running is the clock's, docs/decisions/0034, and sign-up closes at its start), and
 * now is inside the window, which opens at `opensAt` (or at once) and closes at `closesAt` (or when the
 * event starts). Pure, so the event page says "opens on …" by the rule the services keep.
 */
export interface RegistrationRules {
  open: boolean;
  opensAt: Date | null;
  closesAt: Date | null;
  startAt: Date;
  status: string;
}

export function registrationClosesAt(rules: Pick<RegistrationRules, "closesAt" | "startAt">): Date {
  return rules.closesAt ?? rules.startAt;
}

export function registrationState(rules: RegistrationRules, now: Date): RegistrationState {
  if (!rules.open) return "off";
  if (rules.status !== "SCHEDULED") return "closed";
  if (now.getTime() >= registrationClosesAt(rules).getTime()) return "closed";
  if (rules.opensAt && now.getTime() < rules.opensAt.getTime()) return "not_yet";
  return "open";
}
