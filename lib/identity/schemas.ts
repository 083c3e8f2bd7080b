import { z } from "zod";
import { IDENTITY_ERROR_CODES } from "./errors.ts";

/** The identity error body (interface.md 7.2, decisions.md part 2). */
export const identityErrorSchema = z
  .object({
    error: z.enum(IDENTITY_ERROR_CODES),
    error_description: z.string(),
  })
  .meta({ id: "IdentityError" });

/** Acknowledgement (interface.md 3): the change was made. */
export const AcknowledgementSchema = z.object({ status: z.literal("ok") }).meta({ id: "Acknowledgement" });
