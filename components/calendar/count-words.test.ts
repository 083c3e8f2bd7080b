import { describe, expect, it } from "vitest";
import { hereNowLabel, hereNowWords, placesWords } from "./count-words";
import { signUpHeadline, signUpSummary } from "./sign-up-summary";

// Each count in its own words (docs/decisions/0024, "What each count means"): places for sign-ups, here now for check-ins.
describe("count words", () => {
  const summary = { state: "open" as const, opens_at: null, closes_at: null, capacity: 20, registered: 17, spaces_left: 3, waitlist: false, waitlisted: 0 };

  it("says places for sign-ups", () => {
    expect(placesWords(summary)).toBe("3 of 20 places left");
    expect(placesWords({ ...summary, capacity: 1, spaces_left: 1 })).toBe("1 of 1 place left");
    expect(placesWords({ ...summary, spaces_left: 0, waitlisted: 2 })).toBe("Full: all 20 places are taken · 2 on the waitlist");
    expect(placesWords({ ...summary, capacity: 1, spaces_left: 0 })).toBe("Full: the 1 place is taken");
    expect(placesWords({ ...summary, capacity: null, spaces_left: null })).toBe("No limit on places");
  });

  it("says here now for check-ins", () => {
    expect(hereNowWords(12, null)).toBe("12 here now");
    expect(hereNowWords(12, 20)).toBe("12 here now · room for 8 more (capacity 20)");
    expect(hereNowWords(3, 3)).toBe("3 here now · no room for more (capacity 3)");
    expect(hereNowLabel(0, 3)).toBe("here now · room for 3 more (capacity 3)");
  });

  it("puts the places into the event page's sentences", () => {
    const full = { ...summary, spaces_left: 0, registered: 20, waitlist: true, waitlisted: 1 };
    expect(signUpSummary(full, "UTC")).toBe("Full: all 20 places are taken · 1 on the waitlist. You can join the waitlist.");
    expect(signUpSummary({ ...summary, closes_at: "2027-03-01T10:00:00.000Z" }, "UTC")).toBe("3 of 20 places left. Sign-up closes Mon, Mar 1, 10:00 AM UTC.");
    expect(signUpHeadline({ ...summary, closes_at: "2027-03-01T10:00:00.000Z" }, "UTC")).toBe("3 of 20 places left.");
    expect(signUpHeadline({ ...summary, state: "closed" }, "UTC")).toBe("Sign-up has closed.");
  });
});
