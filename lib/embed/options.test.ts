import { describe, expect, it } from "vitest";
import { readWidgetOptions, safeColor, widgetAttributePairs, widgetFrameSnippet, widgetFrameUrl, widgetSnippet, type WidgetAttribute } from "./options.ts";

const read = (values: Partial<Record<WidgetAttribute, string>>) => readWidgetOptions((name) => values[name]);

describe("readWidgetOptions", () => {
  it("defaults to the next five events of every kind", () => {
    expect(read({})).toEqual({ view: "list", filters: {}, limit: 5, colors: {}, heading: undefined, locale: undefined, linkTarget: undefined });
  });

  it("reads every filter under the feed's own names", () => {
    const options = read({ view: "month", type: "camp", "ministry-id": " min_youth ", "campus-id": "cmp_north", audience: "youth", limit: "12" });
    expect(options.view).toBe("month");
    expect(options.filters).toEqual({ type: "CAMP", ministryId: "min_youth", campusId: "cmp_north", audience: "youth" });
    expect(options.limit).toBe(12);
  });

  it.each([
    ["limit", "0"],
    ["limit", "101"],
    ["limit", "1e2"],
    ["limit", "-3"],
    ["type", "PICNIC"],
    ["audience", "x".repeat(201)],
    ["audience", "youth\u0000"],
    ["locale", "en_US;drop"],
    ["link-target", "javascript:"],
  ] as const)("leaves out %s=%j, which cannot be right", (name, value) => {
    const options = read({ [name]: value });
    expect(options).toEqual(read({}));
  });

  it.each(["#0f4c5c", "#fff", "rebeccapurple", "rgb(10, 20, 30)", "hsl(200 50% 40% / 0.8)"])("accepts the colour %s", (value) => {
    expect(safeColor(value)).toBe(value);
  });

  it.each(["red;background:url(https://evil.example)", "}:host{display:none", "url(x)", "var(--x)", "#12345g", "expression(alert(1))"])(
    "refuses %s as a colour (it could break out of the stylesheet)",
    (value) => {
      expect(safeColor(value)).toBeUndefined();
    },
  );
});

describe("snippets", () => {
  const options = read({ view: "month", type: "SERVICE", audience: 'a"b<c>', "accent-color": "#aa0000" });

  it("lists only what differs from the defaults, in a fixed order", () => {
    expect(widgetAttributePairs(options)).toEqual([
      ["view", "month"],
      ["type", "SERVICE"],
      ["audience", 'a"b<c>'],
      ["accent-color", "#aa0000"],
    ]);
  });

  it("escapes every value in the script snippet", () => {
    expect(widgetSnippet("https://church.example", options)).toBe(
      '<script src="https://church.example/embed/calendar.js" crossorigin="anonymous" async></script>\n' +
        '<church-calendar view="month" type="SERVICE" audience="a&quot;b&lt;c&gt;" accent-color="#aa0000"></church-calendar>',
    );
  });

  it("gives the iframe the same options, read back the same", () => {
    const url = new URL(widgetFrameUrl("https://church.example", options));
    expect(url.pathname).toBe("/embed/calendar");
    expect(readWidgetOptions((name) => url.searchParams.get(name))).toEqual(options);
  });

  it("titles the iframe with the heading, else the words given, else English", () => {
    const title = (snippet: string) => /title="([^"]*)"/.exec(snippet)?.[1];
    expect(title(widgetFrameSnippet("https://church.example", options))).toBe("Church calendar");
    expect(title(widgetFrameSnippet("https://church.example", read({})))).toBe("Upcoming events");
    expect(title(widgetFrameSnippet("https://church.example", options, "Calendario de la iglesia"))).toBe("Calendario de la iglesia");
    expect(title(widgetFrameSnippet("https://church.example", read({ heading: "This week" }), "Próximos eventos"))).toBe("This week");
  });
});
