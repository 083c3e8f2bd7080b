import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite loads its wasm and extension bundles by path, so it must not be bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter"],
  // A second build (a benchmark, a check) can live beside the dev server's without clobbering it.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The embedded database applies these at start-up; ship them with every server bundle.
  outputFileTracingIncludes: { "/*": ["./prisma/migrations/**/*"] },
  poweredByHeader: false,
  typedRoutes: false,
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
      {
        // Artwork URLs are stable ("may be cached long-term"): a changed picture gets a new name.
        source: "/images/events/:file*",
        headers: [{ key: "Cache-Control", value: "public, max-age=31536000, immutable" }],
      },
    ];
  },
};

export default nextConfig;
