/** The membership routes' refusals, in the words the API answers them (docs/decisions/0012). */
export const MEMBERSHIP_RECORD = "membership record";
export const ALREADY_LINKED_TO_YOU = "this membership record is already linked to your account";
export const ACCOUNT_ALREADY_LINKED = "your account is already linked to a membership record";
export const NO_CONTACT_ON_FILE = "this membership record has no email address or phone number on file; ask church staff to link it";
export const TOO_MANY_SEARCHES = "too many searches; try again later";
export const tooManyOpenRequests = (max: number) => `you already have ${max} requests waiting for church staff`;
