const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID: record ids in paths are checked before they reach a `::uuid` cast in SQL. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
