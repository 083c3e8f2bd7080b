import { z } from "zod";

/** The code the member types at /device; its letters are checked by normalizeUserCode (user-code.ts). */
export const deviceCodeBodySchema = z.object({
  user_code: z.string({ error: "Type the code shown on the device." }).trim().min(1, "Type the code shown on the device.").max(32, "That is longer than a device code."),
});
export type DeviceCodeBody = z.output<typeof deviceCodeBodySchema>;

export const deviceDecisionBodySchema = z.object({
  request: z.uuid({ error: "This device request is not valid. Type the code again." }),
  decision: z.enum(["allow", "deny"], { error: "Choose Allow or Deny." }),
});
export type DeviceDecisionBody = z.output<typeof deviceDecisionBodySchema>;
