import { z } from "zod";
import { emailSchema, familyNameSchema, givenNameSchema, newPasswordSchema, nicknameSchema } from "../accounts/schemas.ts";

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
    nickname: z.string().optional().meta({ description: "The name the member goes by, with `profile`; absent when they gave none." }),
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

/**
 * PATCH /api/v1/users/me: the member's own name (either part, or both) and the name they go by. The same rules as
 * registration (lib/accounts/schemas.ts): 1 to 100 characters, no control characters or angle brackets (names go
 * into emails); the name they go by may also be "" or null, for none.
 */
export const updateMyNameBodySchema = z
  .strictObject({ given_name: givenNameSchema.optional(), family_name: familyNameSchema.optional(), nickname: nicknameSchema.optional() })
  .refine((body) => body.given_name !== undefined || body.family_name !== undefined || body.nickname !== undefined, {
    message: "send given_name, family_name or nickname",
  })
  .meta({ id: "UpdateMyNameBody" });

/**
 * PUT /api/v1/users/me/password: a new password, judged as at registration (8 to 128 characters, not a
 * common or personal one). A member without a password (passkeys or another provider only) sets their first.
 */
export const changeMyPasswordBodySchema = z.strictObject({ new_password: newPasswordSchema }).meta({ id: "ChangeMyPasswordBody" });

export const PasswordChangedSchema = z
  .object({
    status: z.literal("ok"),
    /** How many of the member's other sessions were signed out (every one but the caller's). */
    other_sessions_ended: z.number().int().min(0),
  })
  .meta({ id: "PasswordChanged" });
export type PasswordChanged = z.infer<typeof PasswordChangedSchema>;

/** POST /api/v1/users/me/email: the address to sign in with from now on, once its code comes back. */
export const startEmailChangeBodySchema = z.strictObject({ email: emailSchema }).meta({ id: "StartEmailChangeBody" });

/** POST /api/v1/users/me/email/verify: `verified: false` for a wrong code with tries left; else the member's new address. */
export const EmailChangeResultSchema = z
  .union([z.object({ verified: z.literal(true), email: z.string() }), z.object({ verified: z.literal(false) })])
  .meta({ id: "EmailChangeResult" });
export type EmailChangeResult = z.infer<typeof EmailChangeResultSchema>;
