import "server-only";
import { randomInt } from "node:crypto";

const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";

/** A new public id of the calendar's rows: the prefix (`evt_`, `min_`, `cmp_`) and 10 random base-36 characters. */
export const newCalendarId = (prefix: string): string => `${prefix}${Array.from({ length: 10 }, () => BASE36[randomInt(36)]).join("")}`;
