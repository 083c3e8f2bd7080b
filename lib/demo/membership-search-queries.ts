import { foldName } from "../membership/fold-name.ts";
import { NICKNAME_GROUPS } from "../membership/nicknames.ts";
import type { MembershipRegister, MembershipRegisterRecord } from "./build-membership-register.ts";

/**
 * Search-quality queries generated from the demo register, as members would type them about themselves:
 * their name with a typo, under a nickname (Bill for a William, or the formal name for a record entered
 * as Liz), or without the accents their record has (Jose Nunez for José Núñez). Each names the record it
 * came from: the query is a hit when that record ranks first. Deterministic (a seeded PRNG over the
 * deterministic register), so the benchmark (bench/membership-search-quality.ts) and the end-to-end check
 * (lib/membership/search-quality.service.test.ts) measure the same queries.
 *
 * Records entered twice (the register's near-duplicates) are never a query's source: for those, either
 * entry is right, so "first" would measure luck. Everything else, including different people who share a
 * common name, stays in: that is what a real register holds.
 */
export type QueryKind = "typo" | "nickname" | "accent";

export interface SearchQualityQuery {
  kind: QueryKind;
  text: string;
  /** The record the query was made from. */
  expectedId: string;
  /** Its email on file, for measuring the lift of a member's own verified address. */
  expectedEmail: string | null;
}

type Rng = () => number;

function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Keys a typist hits by mistake: the neighbours on a QWERTY keyboard. */
const NEIGHBOURS: Record<string, string> = {
  a: "sqz", b: "vn", c: "xv", d: "sf", e: "wr", f: "dg", g: "fh", h: "gj", i: "uo", j: "hk", k: "jl", l: "k",
  m: "n", n: "bm", o: "ip", p: "o", q: "w", r: "et", s: "ad", t: "ry", u: "yi", v: "cb", w: "qe", x: "zc", y: "tu", z: "x",
};

/** One slip in a word of at least 4 letters, never its first letter: a swap, a drop, a double or a neighbour key. */
function typo(rng: Rng, word: string): string {
  // Swapping two equal letters (Hennessy's "nn") changes nothing: slip again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const slipped = oneSlip(rng, word);
    if (slipped !== word) return slipped;
  }
  return `${word}${word.at(-1)}`;
}

function oneSlip(rng: Rng, word: string): string {
  const letters = [...word];
  const at = 1 + Math.floor(rng() * (letters.length - 2));
  const kind = Math.floor(rng() * 4);
  if (kind === 0) [letters[at], letters[at + 1]] = [letters[at + 1]!, letters[at]!];
  else if (kind === 1) letters.splice(at, 1);
  else if (kind === 2) letters.splice(at, 0, letters[at]!);
  else {
    const keys = NEIGHBOURS[letters[at]!.toLowerCase()];
    if (keys) letters[at] = keys[Math.floor(rng() * keys.length)]!;
    else letters.splice(at, 1);
  }
  return letters.join("");
}

/** Accents and other marks dropped as a member on an English keyboard types them: José → Jose, Łukasz → Lukasz. */
function stripAccents(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[ßæÆœŒ]/g, (letter) => ({ ß: "ss", æ: "ae", Æ: "Ae", œ: "oe", Œ: "Oe" })[letter] ?? letter)
    .replace(/[øØłŁđĐıð]/g, (letter) => ({ ø: "o", Ø: "O", ł: "l", Ł: "L", đ: "d", Đ: "D", ı: "i", ð: "d" })[letter] ?? letter);
}

const capitalise = (folded: string) => folded.charAt(0).toUpperCase() + folded.slice(1);

function nicknameOf(rng: Rng, givenName: string): string | null {
  const folded = foldName(givenName);
  const group = NICKNAME_GROUPS.find((names) => names.includes(folded));
  if (!group) return null;
  // A record under its formal name is searched by a nickname, and a record under a nickname by the formal name.
  const choices = folded === group[0] ? group.slice(1) : [group[0]!];
  return capitalise(choices[Math.floor(rng() * choices.length)]!);
}

export function buildSearchQualityQueries(register: MembershipRegister, perKind = 30): SearchQualityQuery[] {
  const rng = mulberry32(0x71756572); // "quer"
  const duplicated = new Set(register.duplicates.flat());
  const candidates = register.records.filter((record) => !duplicated.has(record.id));
  const shuffled = [...candidates];
  for (let i = shuffled.length - 1; i > 0; i -= 1) {
    const j = Math.floor(rng() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }

  const queries: SearchQualityQuery[] = [];
  const used = new Set<string>();
  const take = (kind: QueryKind, make: (record: MembershipRegisterRecord) => string | null) => {
    let count = 0;
    for (const record of shuffled) {
      if (count >= perKind) break;
      if (used.has(record.id)) continue;
      const text = make(record);
      if (!text) continue;
      used.add(record.id);
      queries.push({ kind, text, expectedId: record.id, expectedEmail: record.email });
      count += 1;
    }
  };

  take("typo", (record) => {
    const family = record.familyName;
    // The slip goes into the longer of the two names, as long names are the ones people mistype.
    if (family.length >= 4 && family.length >= record.givenName.length) return `${stripAccents(record.givenName)} ${typo(rng, stripAccents(family))}`;
    if (record.givenName.length >= 4) return `${typo(rng, stripAccents(record.givenName))} ${stripAccents(family)}`;
    return null;
  });
  take("nickname", (record) => {
    const nickname = nicknameOf(rng, record.givenName);
    return nickname ? `${nickname} ${stripAccents(record.familyName)}` : null;
  });
  take("accent", (record) => {
    const name = `${record.givenName} ${record.familyName}`;
    const stripped = stripAccents(name);
    return stripped !== name ? (rng() < 0.3 ? stripped.toLowerCase() : stripped) : null;
  });
  return queries;
}
