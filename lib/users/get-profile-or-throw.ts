import "server-only";
import { db } from "../db.ts";
import { notFound } from "../identity/errors.ts";
import { ProfileSchema, type Profile } from "./schemas.ts";

export async function getProfileOrThrow(userId: string, permissions: Iterable<string>): Promise<Profile> {
  const user = await (await db()).user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      emailVerifiedAt: true,
      givenName: true,
      familyName: true,
      phone: true,
      phoneVerifiedAt: true,
      locale: true,
      createdAt: true,
      updatedAt: true,
      roles: { select: { role: { select: { name: true } } } },
      totp: { select: { status: true } },
    },
  });
  if (!user) throw notFound("account");
  return ProfileSchema.parse({
    id: user.id,
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    name: `${user.givenName} ${user.familyName}`.trim(),
    given_name: user.givenName,
    family_name: user.familyName,
    phone_number: user.phone,
    phone_number_verified: user.phoneVerifiedAt !== null,
    locale: user.locale,
    roles: user.roles.map((entry) => entry.role.name).sort(),
    permissions: [...permissions].sort(),
    mfa_enabled: user.totp?.status === "confirmed",
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  });
}
