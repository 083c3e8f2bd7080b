import { expect, test } from "@playwright/test";
import { buildMembershipRegister } from "../../lib/demo/build-membership-register.ts";
import { buildSearchQualityQueries, type SearchQualityQuery } from "../../lib/demo/membership-search-queries.ts";
import { api, callFromOwnIp, memberWithToken } from "../support/contacts.ts";
import { sql } from "../support/database.ts";

/**
 * Search quality on the seeded register, over HTTP: 90 queries generated from it (typo'd names,
 * nicknames, accent-stripped names; lib/demo/membership-search-queries.ts), each asked by a member the
 * register knows nothing about, as ranked-search answers it. The measured figure is bench/
 * membership-search-quality.ts's to report; this spec holds the behaviour: every true record is among the
 * matches, near the top, and a true record that is not first only ever loses a tie (another record with
 * the same name, which nothing in the query can tell apart). The floor sits well below the measured
 * figure (93% on this register), so it fails on a broken ranking, not on a changed tie.
 */
callFromOwnIp();

const TOP_1_FLOOR = 0.8;
const SEARCHES_PER_MEMBER = 20; // the per-member rate limit

test("90 generated queries: the true record ranks first for at least 80%, and every miss is a tie", async () => {
  test.setTimeout(180_000);
  const register = buildMembershipRegister();
  const queries = buildSearchQualityQueries(register);
  expect(queries).toHaveLength(90);
  // The seeded records are the ones the queries came from, unlinked.
  const seeded = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM membership_record WHERE id = ANY($1) AND linked_user_id IS NULL`, [queries.map((query) => query.expectedId)]);
  expect(seeded).toEqual([{ n: 90 }]);

  const outcomes: { query: SearchQualityQuery; rank: number; tied: boolean }[] = [];
  let token = "";
  for (const [index, query] of queries.entries()) {
    if (index % SEARCHES_PER_MEMBER === 0) token = (await memberWithToken(`mb-quality-${index}`)).token;
    const answer = await api("POST", "/api/v1/users/me/membership/ranked-search", token, { body: { query: query.text } });
    expect(answer.status, query.text).toBe(200);
    const matches: { membership_id: string; score: number }[] = answer.body.matches;
    const rank = matches.findIndex((match) => match.membership_id === query.expectedId);
    outcomes.push({ query, rank, tied: rank > 0 && matches[rank]!.score === matches[0]!.score });
  }

  const first = outcomes.filter((outcome) => outcome.rank === 0).length;
  const accuracy = first / outcomes.length;
  test.info().annotations.push({ type: "top-1 accuracy", description: `${first}/${outcomes.length} (${(accuracy * 100).toFixed(1)}%)` });
  for (const kind of ["typo", "nickname", "accent"] as const) {
    const subset = outcomes.filter((outcome) => outcome.query.kind === kind);
    test.info().annotations.push({ type: `top-1 ${kind}`, description: `${subset.filter((outcome) => outcome.rank === 0).length}/${subset.length}` });
  }
  expect(outcomes.filter((outcome) => outcome.rank < 0).map((outcome) => outcome.query.text), "true records missing from the matches").toEqual([]);
  expect(outcomes.filter((outcome) => outcome.rank > 0 && !outcome.tied).map((outcome) => outcome.query.text), "true records beaten on score").toEqual([]);
  expect(accuracy).toBeGreaterThanOrEqual(TOP_1_FLOOR);
});
