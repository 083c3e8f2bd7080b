import { describe, expect, it } from "vitest";
import en from "../../messages/en.json" with { type: "json" };
import { translatorFor } from "../i18n/translator";
import { describeRule, expandRule, longDate, MAX_OCCURRENCES, RECURRENCE_API_ENGLISH, rruleOf, TooManyOccurrencesError, weekdayName, type RecurrenceRule } from "./recurrence";

describe("expandRule", () => {
  it("every 2 weeks on Sunday and Wednesday: week 0 is the week of the first date, weeks start on Monday", () => {
    // 2027-02-06 is a Saturday: the first date is Sunday 7 February, whose week (from Monday 1 February) is week 0.
    expect(expandRule({ frequency: "WEEKLY", interval: 2, weekdays: ["WE", "SU"], count: 5 }, "2027-02-06")).toEqual(["2027-02-07", "2027-02-17", "2027-02-21", "2027-03-03", "2027-03-07"]);
  });

  it("starting on a date the rule gives it again: the same dates from there on", () => {
    const rule = { frequency: "WEEKLY", interval: 3, weekdays: ["MO", "TH"], until: "2027-06-30" } as const;
    const dates = expandRule(rule, "2027-01-01");
    expect(expandRule(rule, dates[3]!)).toEqual(dates.slice(3));
  });

  it("monthly on the 2nd Sunday and on the last Friday, until a date (inclusive)", () => {
    expect(expandRule({ frequency: "MONTHLY", interval: 1, weekdays: ["SU"], monthWeek: 2, until: "2027-04-11" }, "2027-01-15")).toEqual(["2027-02-14", "2027-03-14", "2027-04-11"]);
    expect(expandRule({ frequency: "MONTHLY", interval: 1, weekdays: ["FR"], monthWeek: -1, count: 3 }, "2027-01-01")).toEqual(["2027-01-29", "2027-02-26", "2027-03-26"]);
  });

  it(`refuses a rule that gives more than ${MAX_OCCURRENCES} dates rather than cutting it short`, () => {
    expect(() => expandRule({ frequency: "WEEKLY", interval: 1, weekdays: ["MO", "TU"], until: "2030-01-01" }, "2027-01-01")).toThrow(TooManyOccurrencesError);
    expect(expandRule({ frequency: "WEEKLY", interval: 1, weekdays: ["MO"], count: MAX_OCCURRENCES }, "2027-01-01")).toHaveLength(MAX_OCCURRENCES);
  });
});

describe("describeRule and rruleOf", () => {
  it("reads as a person says it", () => {
    expect(describeRule({ frequency: "WEEKLY", interval: 2, weekdays: ["SU"], count: 12 })).toBe("Every 2 weeks on Sunday, 12 times");
    expect(describeRule({ frequency: "WEEKLY", interval: 1, weekdays: ["SU", "WE", "MO"], until: "2027-04-30" })).toBe("Weekly on Monday, Wednesday and Sunday, until 30 April 2027");
    expect(describeRule({ frequency: "MONTHLY", interval: 1, weekdays: ["FR"], monthWeek: -1, count: 1 })).toBe("Monthly on the last Friday, once");
    expect(describeRule({ frequency: "MONTHLY", interval: 3, weekdays: ["SU"], monthWeek: 2, until: "2028-01-01" })).toBe("Every 3 months on the second Sunday, until 1 January 2028");
  });

  it("says the API's English word for word as the English messages do, and reads in Spanish with Intl's names", () => {
    expect(en.Recurrence).toEqual(RECURRENCE_API_ENGLISH);
    const rules: RecurrenceRule[] = [
      { frequency: "WEEKLY", interval: 2, weekdays: ["SU"], count: 12 },
      { frequency: "WEEKLY", interval: 1, weekdays: ["SU", "WE", "MO"], until: "2027-04-30" },
      { frequency: "WEEKLY", interval: 1, weekdays: ["TU", "TH"] },
      { frequency: "MONTHLY", interval: 1, weekdays: ["FR"], monthWeek: -1, count: 1 },
      { frequency: "MONTHLY", interval: 3, weekdays: ["SU"], monthWeek: 2, until: "2028-01-01" },
    ];
    const english = { locale: "en", t: translatorFor("en", "Recurrence") };
    for (const rule of rules) expect(describeRule(rule, english)).toBe(describeRule(rule));
    const spanish = { locale: "es", t: translatorFor("es", "Recurrence") };
    expect(describeRule(rules[0]!, spanish)).toBe("Cada 2 semanas el domingo, 12 veces");
    expect(describeRule(rules[1]!, spanish)).toBe("Cada semana el lunes, miércoles y domingo, hasta el 30 de abril de 2027");
    expect(describeRule(rules[3]!, spanish)).toBe("Cada mes el último viernes, una vez");
    expect(describeRule(rules[4]!, spanish)).toBe("Cada 3 meses el segundo domingo, hasta el 1 de enero de 2028");
    expect([longDate("2027-02-07"), weekdayName("SU"), weekdayName("MO", "en", "short")]).toEqual(["7 February 2027", "Sunday", "Mon"]);
    expect([longDate("2027-02-07", "es"), weekdayName("SU", "es")]).toEqual(["7 de febrero de 2027", "domingo"]);
  });

  it("writes FREQ first and UNTIL as given", () => {
    expect(rruleOf({ frequency: "WEEKLY", interval: 2, weekdays: ["SU", "WE"], count: 3 }, "20270301T150000Z")).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=WE,SU;UNTIL=20270301T150000Z");
    expect(rruleOf({ frequency: "MONTHLY", interval: 1, weekdays: ["FR"], monthWeek: -1, count: 3 }, "20270326T230000Z")).toBe("FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20270326T230000Z");
  });
});
