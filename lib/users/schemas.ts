import { z } from "zod";

/**
 * The signed-in member's profile, as GET /api/v1/users/me answers it: `id` always, and only what the token
 * may see (docs/decisions/0018-least-privilege.md). A field its scopes do not release is absent; a released
 * value the account does not have is null.
 * - `profile`: name, given_name, family_name, locale, updated_at
 * - `email`: email, email_verified
 * - `phone`: phone_number, phone_number_verified
 * - first-party clients only (account control): roles, permissions, mfa_enabled, created_at
 */
export const ProfileSchema = z
  .object({
    id: z.uuid(),
    name: z.string().optional(),
    given_name: z.string().optional(),
    family_name: z.string().optional(),
    locale: z.string().nullable().optional(),
    updated_at: z.iso.datetime().optional(),
    email: z.string().nullable().optional(),
    email_verified: z.boolean().optional(),
    phone_number: z.string().nullable().optional(),
    phone_number_verified: z.boolean().optional(),
    roles: z.array(z.string()).optional(),
    permissions: z.array(z.string()).optional(),
    mfa_enabled: z.boolean().optional(),
    created_at: z.iso.datetime().optional(),
  })
  .meta({ id: "Profile" });

export type Profile = z.infer<typeof ProfileSchema>;
