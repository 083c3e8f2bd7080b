import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  { ignores: ["lib/generated/**", ".next/**", ".next-*/**", ".data/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "public/embed/calendar.js"] },
];

export default config;
