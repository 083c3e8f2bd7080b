import { describe, expect, it } from "vitest";
import { demoAddress } from "./demo-address.ts";

describe("demoAddress", () => {
  it("is localhost and the port when BASE_URL is empty or missing, in the environment and in .env", () => {
    expect(demoAddress({}, null, 3000)).toBe("http://localhost:3000");
    expect(demoAddress({ BASE_URL: "" }, "APP_SECRET=x\nBASE_URL=\n", 4123)).toBe("http://localhost:4123");
  });

  it("is BASE_URL from .env, without a trailing slash", () => {
    expect(demoAddress({}, "# the demo\nBASE_URL=https://demo.grace-harbor.example/\nPORT=3000\n", 3000)).toBe("https://demo.grace-harbor.example");
  });

  it("takes the environment's BASE_URL over .env's, as the server does", () => {
    expect(demoAddress({ BASE_URL: "http://192.168.1.20:3000" }, "BASE_URL=https://demo.grace-harbor.example\n", 3000)).toBe("http://192.168.1.20:3000");
  });
});
