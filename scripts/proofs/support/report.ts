/**
 * The proofs' tally: named checks that pass or fail with a one-line detail, printed as they happen and
 * totalled at the end, so `scripts/test-all.ts` can count them like any other suite.
 */
export interface CheckResult {
  proof: string;
  name: string;
  ok: boolean;
  detail: string;
}

export class Tally {
  readonly results: CheckResult[] = [];

  constructor(readonly proof: string) {}

  check(name: string, ok: boolean, detail = ""): boolean {
    this.results.push({ proof: this.proof, name, ok, detail });
    console.log(`  ${ok ? "✓" : "✗"} ${name}${detail ? ` — ${detail}` : ""}`);
    return ok;
  }

  get failed(): number {
    return this.results.filter((result) => !result.ok).length;
  }
}
