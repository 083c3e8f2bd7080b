/**
 * The church's brand colour (issue 39): buttons, links and the header's mark take it. Pure, so the settings
 * page checks a colour as it is chosen and the server checks it again on save.
 *
 * White text sits on it (buttons) and it sits as text on the page's background (links), so it must reach
 * WCAG's 4.5:1 against both; its hover, soft and footer shades are derived from it, not chosen.
 */

/** The portal's own teal: the colour until the church chooses one. */
export const DEFAULT_BRAND_COLOUR = "#0f4c5c";
/** The page background (app/globals.css --color-bg) that links in the brand colour sit on. */
const PAGE_BACKGROUND = "#f6f4ef";
const WHITE = "#ffffff";
/** WCAG 2.2, 1.4.3: normal-size text. */
export const MINIMUM_CONTRAST = 4.5;

export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

type Rgb = readonly [number, number, number];

function rgbOf(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function hexOf([red, green, blue]: Rgb): string {
  return `#${[red, green, blue].map((channel) => Math.round(Math.min(255, Math.max(0, channel))).toString(16).padStart(2, "0")).join("")}`;
}

/** WCAG's relative luminance of an sRGB colour. */
function luminance(hex: string): number {
  const [red, green, blue] = rgbOf(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** WCAG's contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** What is wrong with a colour as the brand colour, in words for the person choosing it, or null. */
export function brandColourProblem(hex: string): string | null {
  if (!HEX_COLOUR.test(hex)) return "Choose a colour written like #0f4c5c.";
  const lowest = Math.min(contrastRatio(hex, WHITE), contrastRatio(hex, PAGE_BACKGROUND));
  if (lowest < MINIMUM_CONTRAST) {
    return `This colour is too light to read white writing on, or to read as writing on the page (contrast ${lowest.toFixed(1)}:1, at least ${MINIMUM_CONTRAST}:1 is needed). Choose a darker shade.`;
  }
  return null;
}

/** `colour` mixed with `other` by `share` (0: colour, 1: other). */
function mix(colour: string, other: string, share: number): string {
  const a = rgbOf(colour);
  const b = rgbOf(other);
  return hexOf([0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * share) as unknown as Rgb);
}

/** The custom properties app/globals.css takes from the brand colour, every one derived. */
export function brandPalette(hex: string): Record<string, string> {
  const colour = hex.toLowerCase();
  return {
    "--color-primary": colour,
    "--color-primary-hover": mix(colour, "#000000", 0.28),
    "--color-primary-soft": mix(colour, WHITE, 0.88),
    "--color-footer-bg": mix(colour, "#000000", 0.45),
  };
}

/** The stylesheet /branding/theme/<hex>.css answers: the palette on :root. */
export function brandStylesheet(hex: string): string {
  const declarations = Object.entries(brandPalette(hex))
    .map(([name, value]) => `${name}:${value}`)
    .join(";");
  return `:root{${declarations}}\n`;
}
