import { describe, expect, it } from "vitest";
import type { Household } from "@/lib/check-in/schemas";
import { dropOffChoices } from "./kiosk-drop-off";

// Issue 38: when one adult is at the kiosk, they are who drops off, without a tap.
const MUM = { id: "mum", given_name: "Mina", role: "adult" as const };
const DAD = { id: "dad", given_name: "Daniel", role: "adult" as const };
const AMY = { id: "amy", given_name: "Amy", role: "child" as const };
const TEEN = { id: "teen", given_name: "Tess", role: "child" as const };

const household = (scanned: string | undefined, ...members: Household["members"]): Household => ({ family_id: "f1", ...(scanned ? { scanned_id: scanned } : {}), members });

describe("who drops off", () => {
  it("is the one adult who proved they are here, chosen already", () => {
    expect(dropOffChoices(household("mum", MUM, DAD, AMY))).toEqual({ adults: [MUM], preset: "mum" });
    expect(dropOffChoices(household("mum", MUM, AMY))).toEqual({ adults: [MUM], preset: "mum" });
  });

  it("offers no adult who is not proven here: the kiosk would refuse them", () => {
    // A teenager scanned their own code: an adult must scan theirs.
    expect(dropOffChoices(household("teen", MUM, DAD, TEEN, AMY))).toEqual({ adults: [], preset: null });
    expect(dropOffChoices(household(undefined, MUM, AMY))).toEqual({ adults: [], preset: null });
  });
});
