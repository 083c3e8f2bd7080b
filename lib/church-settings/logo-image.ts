import { LOGO_MAX_BYTES, LOGO_TYPES } from "./schemas.ts";

/**
 * A logo upload judged by its bytes, not by what it claims (issue 39): a PNG, JPEG or WebP of sensible size
 * whose first bytes say so. Anything else, SVG included (it may carry script), is refused with words for the
 * person uploading. Pure.
 */
export type LogoType = (typeof LOGO_TYPES)[number];

export interface LogoImage {
  contentType: LogoType;
  bytes: Uint8Array<ArrayBuffer>;
  width: number;
  height: number;
}

/** Large enough for any screen the logo is shown on, small enough that a phone decodes it at once. */
export const LOGO_MAX_SIDE = 4096;
const LOGO_MIN_SIDE = 16;

export class LogoImageError extends Error {
  override name = "LogoImageError";
}

const NOT_AN_IMAGE = "Upload your logo as a PNG, JPEG or WebP image. Other kinds of file, SVG included, are not accepted.";

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return prefix.every((byte, index) => bytes[at + index] === byte);
}

function typeOf(bytes: Uint8Array): LogoType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at] ?? 0) * 2 ** 24) + (((b[at + 1] ?? 0) << 16) | ((b[at + 2] ?? 0) << 8) | (b[at + 3] ?? 0));

/** Width and height from the image's header, or null when the header is not where the format puts it. */
function sizeOf(type: LogoType, bytes: Uint8Array): { width: number; height: number } | null {
  if (type === "image/png") {
    // The first chunk is IHDR: width and height, 4 bytes each, big-endian.
    if (!startsWith(bytes, [0x49, 0x48, 0x44, 0x52], 12)) return null;
    return { width: u32be(bytes, 16), height: u32be(bytes, 20) };
  }
  if (type === "image/webp") {
    if (startsWith(bytes, [0x56, 0x50, 0x38, 0x20], 12)) return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
    if (startsWith(bytes, [0x56, 0x50, 0x38, 0x4c], 12)) {
      const bits = (bytes[21] ?? 0) | ((bytes[22] ?? 0) << 8) | ((bytes[23] ?? 0) << 16) | ((bytes[24] ?? 0) << 24);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (startsWith(bytes, [0x56, 0x50, 0x38, 0x58], 12)) return { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
    return null;
  }
  // JPEG: walk the markers to the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC).
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: u16be(bytes, at + 7), height: u16be(bytes, at + 5) };
    }
    at += 2 + u16be(bytes, at + 2);
  }
  return null;
}

/** The image a data URL holds, or LogoImageError saying what is wrong with it. */
export function readLogoImage(dataUrl: string): LogoImage {
  const match = /^data:([a-z/+.-]+);base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!match) throw new LogoImageError(NOT_AN_IMAGE);
  const bytes = new Uint8Array(Buffer.from(match[2]!, "base64"));
  if (bytes.length > LOGO_MAX_BYTES) throw new LogoImageError(`Your logo is ${Math.ceil(bytes.length / 1024)} KB; it can be at most ${LOGO_MAX_BYTES / 1024} KB. Save it smaller and try again.`);
  const contentType = typeOf(bytes);
  if (!contentType) throw new LogoImageError(NOT_AN_IMAGE);
  if (match[1] !== contentType) throw new LogoImageError(`This file is a ${contentType.slice(6).toUpperCase()} image but was sent as ${match[1]}. Upload it again.`);
  const size = sizeOf(contentType, bytes);
  if (!size || size.width < 1 || size.height < 1) throw new LogoImageError("This image could not be read. Save it again as a PNG and upload that.");
  if (size.width > LOGO_MAX_SIDE || size.height > LOGO_MAX_SIDE) throw new LogoImageError(`Your logo is ${size.width} × ${size.height} pixels; it can be at most ${LOGO_MAX_SIDE} on each side.`);
  if (size.width < LOGO_MIN_SIDE || size.height < LOGO_MIN_SIDE) throw new LogoImageError(`Your logo is ${size.width} × ${size.height} pixels; it needs at least ${LOGO_MIN_SIDE} on each side to be seen.`);
  return { contentType, bytes, ...size };
}
