import { DEVICE_CODE_GRANT_TYPE } from "../device/device-policy.ts";

/** The grant types a client may be registered for (and discovery lists). Pure: the staff API's schemas use it. */
export const GRANT_TYPES = ["authorization_code", "refresh_token", "client_credentials", DEVICE_CODE_GRANT_TYPE] as const;
export type GrantType = (typeof GRANT_TYPES)[number];
