import { z } from "zod";
import { requestIdSchema, returnToSchema } from "../accounts/schemas.ts";
import { passkeyCredentialField } from "./assertion-schema.ts";

/** POST /auth/passkey/options: a challenge for the sign-in page, or for the second factor of a half-finished sign-in. */
export const passkeyOptionsBodySchema = z.object({
  purpose: z.enum(["sign_in", "second_factor"], { error: "must be sign_in or second_factor" }),
  request: requestIdSchema,
});

/** POST /auth/passkey/sign-in: the passkey's answer, and where the sign-in goes on to. */
export const passkeySignInBodySchema = z.object({
  credential: passkeyCredentialField,
  request: requestIdSchema,
  return_to: returnToSchema,
});

/** POST /auth/second-factor/passkey: the passkey's answer as the second factor (the cookie says whose sign-in). */
export const passkeySecondFactorBodySchema = z.object({
  credential: passkeyCredentialField,
  request: requestIdSchema,
});
