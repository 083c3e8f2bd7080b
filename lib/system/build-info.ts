import type { SystemVersion } from "./schemas.ts";

/**
 * What is running. BUILD_* are inlined by next.config.ts (`env`) when the route is compiled, so they say
 * what was built, not what the host's environment says now; outside a Next build they are absent.
 */
export function buildInfo(): SystemVersion {
  return {
    version: process.env.BUILD_VERSION || "unknown",
    commit: process.env.BUILD_COMMIT || null,
    built_at: process.env.BUILD_TIME || null,
    node: process.version,
  };
}
