/**
 * What bench/check-in.ts loads, as closed-loop scenarios of a fixed size (bench/closed-loop.ts): each kiosk
 * (a worker, on its own keep-alive connection, with its own device's access token) takes the next household
 * in the queue until none is left. A household at the burst is a scan (POST /api/v1/kiosk/households with the
 * adult's member code) and then the check-in of the children that scan answered (POST
 * /api/v1/kiosk/check-ins), each child to their room's event. The scans alone and the check-ins alone (from
 * the burst's answers, each household by the kiosk that scanned it, whose proof of presence it carries) give
 * each request's own CPU.
 */
import type { LoadRequest, Scenario } from "./closed-loop.ts";
import { describeAnswer } from "./closed-loop.ts";

/** A security code as decision 0023 draws them. */
const CODE = /^[ACDEFGHJKMNPQRTUVWXY3479]{4}$/;

export interface Kiosk {
  accessToken: string;
  refreshToken: string;
}

/**
 * A household as the kiosk knows it after the scan: the adult, the proof that they stood at that kiosk (good
 * for that kiosk alone, docs/decisions/0023), and the children to check in, each to an event.
 */
export interface ScannedHousehold {
  guardianId: string;
  presence: string;
  /** The kiosk that scanned them: the one whose token checks them in. */
  kiosk: number;
  children: { child_id: string; event_id: string }[];
}

export interface BurstTally {
  households: number;
  children: number;
  scans: number;
  checkIns: number;
}

function json(token: string, path: string, body: unknown, label: string): LoadRequest {
  return { method: "POST", path, label, headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" }, body: JSON.stringify(body) };
}

function scanRequest(token: string, code: string): LoadRequest {
  return json(token, "/api/v1/kiosk/households", { member_code: code }, "scan");
}

function checkInRequest(kiosks: Kiosk[], household: ScannedHousehold): LoadRequest {
  return json((kiosks[household.kiosk] as Kiosk).accessToken, "/api/v1/kiosk/check-ins", { presence: household.presence, guardian_id: household.guardianId, children: household.children }, "check-in");
}

/** A scan's answer, checked: the scanned adult's household, its children to `events` (child j to event j mod n). */
function readScan(body: string, adultId: string, events: string[], kiosk: number): ScannedHousehold | string {
  let answer: { households?: { scanned_id?: string; members?: { id: string; role: string }[] }[]; presence?: string };
  try {
    answer = JSON.parse(body) as typeof answer;
  } catch {
    return `scan: not JSON: ${body.slice(0, 120)}`;
  }
  const household = answer.households?.[0];
  if (answer.households?.length !== 1 || household?.scanned_id !== adultId) return `scan: not the scanned adult's household: ${body.slice(0, 160)}`;
  const children = (household.members ?? []).filter((member) => member.role === "child");
  if (children.length === 0) return `scan: a household without children: ${body.slice(0, 160)}`;
  if (!answer.presence) return `scan: no proof of presence: ${body.slice(0, 160)}`;
  return { guardianId: adultId, presence: answer.presence, kiosk, children: children.map((child, index) => ({ child_id: child.id, event_id: events[index % events.length] as string })) };
}

/** A check-in's answer, checked: 201, one check-in per child, each child with a security code. */
function readCheckIn(status: number, body: string, household: ScannedHousehold): string | null {
  if (status !== 201) return describeAnswer(status, body);
  let answer: { check_ins?: { person_id?: string; security_code?: string | null }[] };
  try {
    answer = JSON.parse(body) as typeof answer;
  } catch {
    return describeAnswer(status, body);
  }
  const made = answer.check_ins ?? [];
  if (made.length !== household.children.length) return `check-in: ${made.length} check-ins for ${household.children.length} children`;
  if (made.some((row, index) => row.person_id !== household.children[index]?.child_id || !CODE.test(row.security_code ?? ""))) return `check-in: a child without a security code: ${body.slice(0, 160)}`;
  return null;
}

/** Hands out the queue's items one at a time to whichever kiosk asks first. */
function queue<T>(items: readonly T[]) {
  let next = 0;
  return { take: (): T | undefined => items[next++], empty: () => next >= items.length };
}

/**
 * The burst: every household scanned, then its children checked in, by whichever kiosk is free. The
 * answers of the scans are kept in `scanned` (by household index) for a later check-ins-only run.
 */
export function kioskBurst(kiosks: Kiosk[], households: { adultId: string; code: string }[], events: string[], scanned: ScannedHousehold[], tally: BurstTally): Scenario {
  const waiting = queue(households.map((household, index) => ({ ...household, index })));
  const current: ({ index: number; adultId: string; code: string; household: ScannedHousehold | null } | null)[] = kiosks.map(() => null);
  const kiosk = (worker: number) => worker % kiosks.length;
  const token = (worker: number) => (kiosks[kiosk(worker)] as Kiosk).accessToken;
  return {
    // A kiosk is done when it has nobody in front of it and nobody is waiting.
    done: (worker) => current[worker] == null && waiting.empty(),
    next: (worker) => {
      let here = current[worker];
      if (!here) {
        const taken = waiting.take()!;
        here = current[worker] = { ...taken, household: null };
      }
      return here.household ? checkInRequest(kiosks, here.household) : scanRequest(token(worker), here.code);
    },
    check: (worker, status, body) => {
      const here = current[worker]!;
      if (!here.household) {
        if (status !== 200) return describeAnswer(status, body);
        const household = readScan(body, here.adultId, events, kiosk(worker));
        if (typeof household === "string") return household;
        here.household = scanned[here.index] = household;
        tally.scans++;
        return null;
      }
      const problem = readCheckIn(status, body, here.household);
      if (problem) return problem;
      tally.checkIns++;
      tally.households++;
      tally.children += here.household.children.length;
      current[worker] = null;
      return null;
    },
  };
}

/** Scans alone: every household's code once (reads only: nothing changes). */
export function scansOnly(kiosks: Kiosk[], households: { adultId: string; code: string }[], events: string[], tally: BurstTally): Scenario {
  const waiting = queue(households);
  const current: ({ adultId: string; code: string } | undefined)[] = kiosks.map(() => undefined);
  return {
    done: () => waiting.empty(),
    next: (worker) => {
      const here = (current[worker] = waiting.take()!);
      return scanRequest((kiosks[worker % kiosks.length] as Kiosk).accessToken, here.code);
    },
    check: (worker, status, body) => {
      if (status !== 200) return describeAnswer(status, body);
      const household = readScan(body, current[worker]!.adultId, events, worker % kiosks.length);
      if (typeof household === "string") return household;
      tally.scans++;
      tally.households++;
      return null;
    },
  };
}

/** Check-ins alone: every household's children as its scan answered them, after a reset. */
export function checkInsOnly(kiosks: Kiosk[], scanned: ScannedHousehold[], tally: BurstTally): Scenario {
  const waiting = queue(scanned);
  const current: (ScannedHousehold | undefined)[] = kiosks.map(() => undefined);
  return {
    done: () => waiting.empty(),
    next: (worker) => {
      const here = (current[worker] = waiting.take()!);
      return checkInRequest(kiosks, here);
    },
    check: (worker, status, body) => {
      const here = current[worker]!;
      const problem = readCheckIn(status, body, here);
      if (problem) return problem;
      tally.checkIns++;
      tally.households++;
      tally.children += here.children.length;
      return null;
    },
  };
}
