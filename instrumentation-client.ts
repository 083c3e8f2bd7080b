import { z } from "zod";

/**
 * Runs in the browser before the app's own modules and before hydration. Zod compiles object parsers with
 * `new Function` when it may, and finds out by trying once; under the pages' Content-Security-Policy (no
 * 'unsafe-eval', docs/decisions/0015) that try fails quietly but the browser still reports a violation.
 * jitless skips both the probe and the compiled fast path; the server keeps them.
 */
z.config({ jitless: true });
