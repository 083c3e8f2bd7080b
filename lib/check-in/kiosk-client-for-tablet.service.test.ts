import { describe, expect, it } from "vitest";
import { createCampus } from "../calendar/create-campus.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { insertClient } from "../db/test-fixtures.ts";
import { kioskClientForTablet } from "./kiosk-client-for-tablet.ts";

// /kiosk opened without `?client=`: the preferred kiosk when it is one, the church's only kiosk, or none.
const database = serviceTestDatabase();

async function kioskAt(campusId: string, id?: string): Promise<string> {
  const client = await insertClient(database, { firstParty: true });
  if (!id) {
    await database.prisma.client.update({ where: { id: client }, data: { checkInCampusId: campusId }, select: { id: true } });
    return client;
  }
  await database.prisma.client.update({ where: { id: client }, data: { id, checkInCampusId: campusId }, select: { id: true } });
  return id;
}

describe("kioskClientForTablet", () => {
  it("names none on an empty start, the only kiosk when there is one, the preferred one among several", async () => {
    expect(await kioskClientForTablet(database, "lobby-kiosk")).toBeNull();
    // An app that is not a kiosk is never chosen.
    await insertClient(database, { firstParty: true });
    expect(await kioskClientForTablet(database, "lobby-kiosk")).toBeNull();

    const campus = await createCampus(database, "North", "America/Chicago");
    const only = await kioskAt(campus.id);
    expect(await kioskClientForTablet(database, "lobby-kiosk")).toBe(only);

    await kioskAt(campus.id);
    expect(await kioskClientForTablet(database, "lobby-kiosk")).toBeNull();
    await kioskAt(campus.id, "lobby-kiosk");
    expect(await kioskClientForTablet(database, "lobby-kiosk")).toBe("lobby-kiosk");
  });
});
