import { z } from "zod";

/** The signed-in member's profile, as GET /api/v1/users/me answers it. Absent values are null. */
export const ProfileSchema = z
  .object({
    id: z.uuid(),
    email: z.string().nullable(),
    email_verified: z.boolean(),
    name: z.string(),
    given_name: z.string(),
    family_name: z.string(),
    phone_number: z.string().nullable(),
    phone_number_verified: z.boolean(),
    locale: z.string().nullable(),
    roles: z.array(z.string()),
    permissions: z.array(z.string()),
    mfa_enabled: z.boolean(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: "Profile" });

export type Profile = z.infer<typeof ProfileSchema>;
