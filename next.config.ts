import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { API_CONTENT_SECURITY_POLICY, STATIC_SECURITY_HEADERS } from "./lib/http/security-headers.ts";

/**
 * What GET /api/v1/system/version reports, fixed when the bundles are compiled: `env` below inlines these
 * into the code. The commit is the host's (Vercel sets VERCEL_GIT_COMMIT_SHA; CI may set GIT_COMMIT), else
 * the checkout's own, else absent.
 */
function buildCommit(): string {
  const given = process.env.VERCEL_GIT_COMMIT_SHA || process.env.GIT_COMMIT;
  if (given) return given;
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "";
  }
}
const packageVersion = (JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string }).version;

/** Answers that are not pages (JSON, iCalendar, redirects): proxy.ts gives pages their own policy. */
const NOT_PAGES = [
  "/api/:path*",
  "/.well-known/:path*",
  "/auth/:path*",
  "/oauth/:endpoint(token|revoke|introspect|userinfo|authorize|logout)",
  "/oauth/authorize/resume",
  "/portal/api/:path*",
  "/portal/sign-out",
  // SVG artwork opened on its own is a document; it needs nothing.
  "/images/:path*",
  // The calendar widget's script (its iframe page sets its own policy).
  "/embed/calendar.js",
];

const nextConfig: NextConfig = {
  // PGlite loads its wasm and extension bundles by path, so it must not be bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter"],
  // A second build (a benchmark, a check) can live beside the dev server's without clobbering it.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The embedded database applies these at start-up, and /api/v1/system/ready compares the database's
  // history with them: ship them with every server bundle.
  outputFileTracingIncludes: { "/*": ["./prisma/migrations/**/*"] },
  // `NEXT_OUTPUT=standalone npm run build`: a self-contained folder for small images, served by Next's own
  // server.js (docs/deployment.md). `npm start`'s server needs the full node_modules and the default output.
  output: process.env.NEXT_OUTPUT === "standalone" ? "standalone" : undefined,
  poweredByHeader: false,
  // `npm test` type-checks the whole project (tsc) before it builds; BUILD_TYPECHECKED=1 spares the build
  // doing it again (~25 s). Every other build, Vercel's among them, checks types as usual.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPECHECKED === "1" },
  typedRoutes: false,
  env: {
    BUILD_VERSION: packageVersion,
    BUILD_COMMIT: buildCommit(),
    BUILD_TIME: new Date().toISOString(),
  },
  experimental: {
    // Next buffers a request body for the proxy up to this size. The proxy runs on pages only, which take
    // no body; a smaller buffer keeps a hostile upload from costing memory there.
    proxyClientMaxBodySize: 64 * 1024,
  },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: Object.entries(STATIC_SECURITY_HEADERS)
          .filter(([key]) => key !== "X-Frame-Options")
          .map(([key, value]) => ({ key, value })),
      },
      {
        // Every answer but the calendar widget's iframe page, which any site may frame (0028), and the email
        // previews, which our own pages frame (their answers say SAMEORIGIN and frame-ancestors 'self').
        source: "/:path((?!embed/calendar$|admin/emails/preview/).*)",
        headers: [{ key: "X-Frame-Options", value: STATIC_SECURITY_HEADERS["X-Frame-Options"] ?? "DENY" }],
      },
      ...NOT_PAGES.map((source) => ({ source, headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] })),
      {
        // Artwork URLs are stable ("may be cached long-term"): a changed picture gets a new name.
        source: "/images/events/:file*",
        headers: [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }],
      },
      {
        // The calendar widget (0028): built by scripts/build-embed.ts. Its address is fixed (pasted into church
        // websites), so a short max-age and the ETag Next sends with it; readable from any origin, since
        // the snippet loads it with crossorigin="anonymous" (no cookie goes with it).
        source: "/embed/calendar.js",
        headers: [
          { key: "Cache-Control", value: "public, max-age=300, stale-while-revalidate=86400" },
          { key: "Access-Control-Allow-Origin", value: "*" },
          { key: "Cross-Origin-Resource-Policy", value: "cross-origin" },
        ],
      },
    ];
  },
};

// The pages' language (issue 41): next-intl reads each request's language and messages from i18n/request.ts.
export default createNextIntlPlugin("./i18n/request.ts")(nextConfig);
