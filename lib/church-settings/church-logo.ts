import "server-only";
import { createHash } from "node:crypto";
import { readChurch, type Church } from "./church.ts";
import type { Database } from "../db/database.ts";
import { IdentityError } from "../identity/errors.ts";
import { LogoImageError, readLogoImage } from "./logo-image.ts";
import { saveChurchSettings } from "./update-church-settings.ts";

/**
 * The church's logo (issue 39): stored by the SHA-256 of its bytes and served at an address made of it
 * (app/branding/logo/[file]/route.ts), so browsers keep it for a year and a new logo is a new address.
 * Only the current logo is kept.
 */
export async function uploadChurchLogo(database: Database, image: string): Promise<Church> {
  let logo;
  try {
    logo = readLogoImage(image);
  } catch (error) {
    if (error instanceof LogoImageError) throw new IdentityError("invalid_request", `image: ${error.message}`);
    throw error;
  }
  const hash = createHash("sha256").update(logo.bytes).digest("hex");
  await database.transaction(async (tx) => {
    await tx.prisma.churchLogo.upsert({
      where: { hash },
      create: { hash, contentType: logo.contentType, bytes: logo.bytes },
      update: {},
      select: { hash: true },
    });
    await saveChurchSettings(tx, { logoHash: hash });
    await tx.prisma.churchLogo.deleteMany({ where: { hash: { not: hash } } });
  });
  return readChurch(database);
}

/** Back to the portal's own mark. */
export async function removeChurchLogo(database: Database): Promise<Church> {
  await database.transaction(async (tx) => {
    await saveChurchSettings(tx, { logoHash: null });
    await tx.prisma.churchLogo.deleteMany({});
  });
  return readChurch(database);
}

/** The logo of this hash, for its route; null when it is not (or no longer) the church's. */
export async function readChurchLogo(database: Database, hash: string): Promise<{ contentType: string; bytes: Uint8Array } | null> {
  if (!/^[0-9a-f]{64}$/.test(hash)) return null;
  return database.prisma.churchLogo.findUnique({ where: { hash }, select: { contentType: true, bytes: true } });
}
