import css from "@eslint/css";
import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

/**
 * A right-to-left language mirrors left and right (issue 41, decision 0039): a margin, padding, border,
 * position or alignment on the inline axis must be written as inline-start or inline-end. The block axis and
 * sizes (top, bottom, width, height, vh) change only in vertical writing, which none of our languages uses.
 */
const BLOCK_AXIS_AND_SIZES = [
  "top", "bottom", "height", "width", "min-height", "min-width", "max-height", "max-width",
  "margin-top", "margin-bottom", "padding-top", "padding-bottom",
  "border-top", "border-top-color", "border-top-style", "border-top-width",
  "border-bottom", "border-bottom-color", "border-bottom-style", "border-bottom-width",
  "overflow-x", "overflow-y", "overscroll-behavior-x", "overscroll-behavior-y",
  "scroll-margin-top", "scroll-margin-bottom", "scroll-padding-top", "scroll-padding-bottom",
  "contain-intrinsic-height", "contain-intrinsic-width",
];
const VIEWPORT_UNITS = ["vh", "vw", "dvh", "dvw", "svh", "svw", "lvh", "lvw", "cqh", "cqw"];

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    files: ["**/*.css"],
    plugins: { css },
    language: "css/css",
    languageOptions: { tolerant: true },
    rules: { "css/prefer-logical-properties": ["error", { allowProperties: BLOCK_AXIS_AND_SIZES, allowUnits: VIEWPORT_UNITS }] },
  },
  { ignores: ["lib/generated/**", ".next/**", ".next-*/**", ".data/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "public/embed/calendar.js"] },
];

export default config;
