import { DEFAULT_BRAND_COLOUR, HEX_COLOUR } from "./brand-colour.ts";

/** The theme stylesheet of a brand colour (app/branding/theme/[file]/route.ts), or null for the portal's own, which app/globals.css already holds. */
export function themePathOf(brandColour: string): string | null {
  const colour = brandColour.toLowerCase();
  if (colour === DEFAULT_BRAND_COLOUR || !HEX_COLOUR.test(colour)) return null;
  return `/branding/theme/${colour.slice(1)}.css`;
}
