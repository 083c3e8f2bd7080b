import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { ProfileSchema, type Profile } from "./schemas.ts";

export interface ProfileViewer {
  /** The token's effective scopes. */
  scopes: readonly string[];
  /** Roles, permissions and the second factor's state are account control: first-party clients only. */
  firstPartyClient: boolean;
  permissions: Iterable<string>;
}

/** GET /api/v1/users/me: the member's profile, cut to what the calling token may see. */
export async function getProfileOrThrow(database: Database, userId: string, viewer: ProfileViewer): Promise<Profile> {
  const user = await database.prisma.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      emailVerifiedAt: true,
      givenName: true,
      familyName: true,
      nickname: true,
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
  const may = (scope: string) => viewer.scopes.includes(scope);
  return ProfileSchema.parse({
    id: user.id,
    ...(may("profile") && {
      name: `${user.givenName} ${user.familyName}`.trim(),
      given_name: user.givenName,
      family_name: user.familyName,
      ...(user.nickname !== null && { nickname: user.nickname }),
      locale: user.locale,
      updated_at: user.updatedAt.toISOString(),
    }),
    ...(may("email") && { email: user.email, email_verified: user.emailVerifiedAt !== null }),
    ...(may("phone") && { phone_number: user.phone, phone_number_verified: user.phoneVerifiedAt !== null }),
    ...(viewer.firstPartyClient && {
      roles: user.roles.map((entry) => entry.role.name).sort(),
      permissions: [...viewer.permissions].sort(),
      mfa_enabled: user.totp?.status === "confirmed",
      created_at: user.createdAt.toISOString(),
    }),
  });
}
