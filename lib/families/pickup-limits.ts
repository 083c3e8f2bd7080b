/** At most this many named people per child: a door list, not an address book. Pure: the OpenAPI text says it too. */
export const MAX_PICKUP_PEOPLE = 20;
