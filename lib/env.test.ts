import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.ts";

const secret = "s".repeat(32);

describe("configuration", () => {
  it("defaults to the embedded database and derives the public addresses from PORT", () => {
    const env = parseEnv({ APP_SECRET: secret, PORT: "4000" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PGLITE_DATA_DIR).toBe(".data/pglite");
    expect(env.BASE_URL).toBe("http://localhost:4000");
    expect(env.CALENDAR_URL).toBe("http://localhost:4000/api/calendar");
    expect(env.ASSET_URL).toBe("http://localhost:4000");
    expect(env.CALENDAR_CACHE_SECONDS).toBe(30);
    expect(env.PRIVACY_DELETION_GRACE_DAYS).toBe(14);
  });

  it("treats empty values as unset, as .env files write them", () => {
    const env = parseEnv({ APP_SECRET: secret, DATABASE_URL: "", BASE_URL: "", CHURCH_NAME: "" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.CHURCH_NAME).toBeUndefined();
  });

  it("runs the feed's generic-plan statements on 5 connections of their own, none on Vercel unless told", () => {
    expect(parseEnv({ APP_SECRET: secret }).DATABASE_GENERIC_PLAN_CONNECTIONS).toBe(5);
    expect(parseEnv({ APP_SECRET: secret, VERCEL: "1" }).DATABASE_GENERIC_PLAN_CONNECTIONS).toBe(0);
    expect(parseEnv({ APP_SECRET: secret, VERCEL: "1", DATABASE_GENERIC_PLAN_CONNECTIONS: "3" }).DATABASE_GENERIC_PLAN_CONNECTIONS).toBe(3);
    expect(parseEnv({ APP_SECRET: secret, DATABASE_GENERIC_PLAN_CONNECTIONS: "0" }).DATABASE_GENERIC_PLAN_CONNECTIONS).toBe(0);
    expect(() => parseEnv({ APP_SECRET: secret, DATABASE_GENERIC_PLAN_CONNECTIONS: "21" })).toThrow("DATABASE_GENERIC_PLAN_CONNECTIONS");
  });

  it("strips a trailing slash from public URLs", () => {
    expect(parseEnv({ APP_SECRET: secret, BASE_URL: "https://church.example/" }).BASE_URL).toBe("https://church.example");
  });

  it.each([
    [{}, "APP_SECRET: is required"],
    [{ APP_SECRET: "short" }, "APP_SECRET: must be at least 32 characters"],
    [{ APP_SECRET: secret, DATABASE_URL: "mysql://x" }, "DATABASE_URL: must be a postgres:// or postgresql:// connection string"],
    [{ APP_SECRET: secret, BASE_URL: "ftp://church.example" }, "BASE_URL"],
    [{ APP_SECRET: secret, PORT: "70000" }, "PORT"],
    [{ APP_SECRET: secret, CALENDAR_CACHE_SECONDS: "-1" }, "CALENDAR_CACHE_SECONDS"],
    [{ APP_SECRET: secret, PRIVACY_DELETION_GRACE_DAYS: "366" }, "PRIVACY_DELETION_GRACE_DAYS"],
    [{ APP_SECRET: secret, PRIVACY_DELETION_GRACE_DAYS: "1.5" }, "PRIVACY_DELETION_GRACE_DAYS"],
  ])("refuses %j naming the variable", (source, message) => {
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(message);
  });

  it("reads the SMS gateway's settings, all optional", () => {
    const bare = parseEnv({ APP_SECRET: secret, SMS_GATEWAY_URL: "", SMS_GATEWAY_TOKEN: "" });
    expect([bare.SMS_GATEWAY_URL, bare.SMS_GATEWAY_TOKEN, bare.SMS_FROM]).toEqual([undefined, undefined, undefined]);
    const env = parseEnv({ APP_SECRET: secret, SMS_GATEWAY_URL: "https://sms.example/send/", SMS_GATEWAY_TOKEN: "token-12345", SMS_FROM: "+14155550100" });
    expect(env).toMatchObject({ SMS_GATEWAY_URL: "https://sms.example/send", SMS_GATEWAY_TOKEN: "token-12345", SMS_FROM: "+14155550100" });
    expect(() => parseEnv({ APP_SECRET: secret, SMS_GATEWAY_URL: "sms://gateway" })).toThrow("SMS_GATEWAY_URL");
    expect(() => parseEnv({ APP_SECRET: secret, SMS_GATEWAY_TOKEN: "short" })).toThrow("SMS_GATEWAY_TOKEN: must be at least 8 characters");
  });

  it("reads the church's country (US unless set, any country libphonenumber knows, upper-cased) and time zone (New York unless set)", () => {
    expect(parseEnv({ APP_SECRET: secret }).CHURCH_COUNTRY).toBe("US");
    expect(parseEnv({ APP_SECRET: secret, CHURCH_COUNTRY: "" }).CHURCH_COUNTRY).toBe("US");
    expect(parseEnv({ APP_SECRET: secret, CHURCH_COUNTRY: "GB" }).CHURCH_COUNTRY).toBe("GB");
    expect(parseEnv({ APP_SECRET: secret }).CHURCH_TIME_ZONE).toBe("America/New_York");
    expect(parseEnv({ APP_SECRET: secret, CHURCH_TIME_ZONE: " Europe/London " }).CHURCH_TIME_ZONE).toBe("Europe/London");
    expect(() => parseEnv({ APP_SECRET: secret, CHURCH_TIME_ZONE: "Mars/Olympus" })).toThrow(/CHURCH_TIME_ZONE/);
    expect(parseEnv({ APP_SECRET: secret, CHURCH_COUNTRY: " ca " }).CHURCH_COUNTRY).toBe("CA");
    for (const value of ["XX", "USA", "UK", "1"]) {
      expect(() => parseEnv({ APP_SECRET: secret, CHURCH_COUNTRY: value }), value).toThrow("CHURCH_COUNTRY: must be a two-letter country code (ISO 3166-1 alpha-2) such as US, GB or CA");
    }
  });

  it("reads the age of majority: 18 unless set, a whole number from 14 to 25", () => {
    expect(parseEnv({ APP_SECRET: secret }).AGE_OF_MAJORITY).toBe(18);
    expect(parseEnv({ APP_SECRET: secret, AGE_OF_MAJORITY: "" }).AGE_OF_MAJORITY).toBe(18);
    expect(parseEnv({ APP_SECRET: secret, AGE_OF_MAJORITY: "21" }).AGE_OF_MAJORITY).toBe(21);
    for (const [value, message] of [["13", "must be at least 14"], ["26", "must be at most 25"], ["18.5", "must be a whole number"], ["eighteen", "AGE_OF_MAJORITY"]]) {
      expect(() => parseEnv({ APP_SECRET: secret, AGE_OF_MAJORITY: value }), value).toThrow(message);
    }
  });

  it("trusts no proxy unless told (the socket's peer is the client), Vercel's header by default on Vercel", () => {
    expect(parseEnv({ APP_SECRET: secret }).TRUSTED_PROXIES).toEqual({ mode: "none" });
    expect(parseEnv({ APP_SECRET: secret, TRUSTED_PROXIES: "" }).TRUSTED_PROXIES).toEqual({ mode: "none" });
    expect(parseEnv({ APP_SECRET: secret, VERCEL: "1" }).TRUSTED_PROXIES).toEqual({ mode: "vercel" });
    expect(parseEnv({ APP_SECRET: secret, TRUSTED_PROXIES: "1" }).TRUSTED_PROXIES).toEqual({ mode: "hops", hops: 1 });
    expect(parseEnv({ APP_SECRET: secret, TRUSTED_PROXIES: "loopback" }).TRUSTED_PROXIES).toMatchObject({ mode: "addresses" });
    expect(() => parseEnv({ APP_SECRET: secret, TRUSTED_PROXIES: "vercel" })).toThrow("TRUSTED_PROXIES: vercel is only for deployments on Vercel");
    expect(() => parseEnv({ APP_SECRET: secret, TRUSTED_PROXIES: "10.0.0.0/33" })).toThrow("TRUSTED_PROXIES: ");
  });

  it("names every bad variable at once", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://x", PORT: "x" })).toThrow(/APP_SECRET[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*APP_SECRET/);
    expect(() => parseEnv({ PORT: "x", TRUSTED_PROXIES: "everyone" })).toThrow(/PORT[\s\S]*TRUSTED_PROXIES: "everyone" is not an IP address/);
  });
});
