import { describe, expect, it } from "vitest";
import { sanitizeDescription } from "./sanitize-description.ts";

describe("sanitizeDescription", () => {
  it("makes paragraphs and line breaks of plain text, escaping what looks like markup but is not", () => {
    expect(sanitizeDescription("Bring a dish.\nAll welcome.\n\nDoors at 5 & food at 6 > 5")).toBe("<p>Bring a dish.<br />All welcome.</p><p>Doors at 5 &amp; food at 6 &gt; 5</p>");
  });

  it("keeps the paragraphs of text with a link or emphasis typed in", () => {
    expect(sanitizeDescription('Join us.\n\nSign up on <a href="https://example.org">our site</a>, <b>today</b>.')).toBe(
      '<p>Join us.</p><p>Sign up on <a href="https://example.org" rel="noopener noreferrer">our site</a>, <strong>today</strong>.</p>',
    );
  });

  it("lays out pasted block markup by its tags, and drops what could run or mislead", () => {
    expect(sanitizeDescription('<h1>Supper</h1>\n\n<p onclick="x()">Food<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>')).toBe("<h3>Supper</h3>\n\n<p>Food</p><a>x</a>");
  });
});
