import { describe, expect, it } from "vitest";
import { serviceTestDatabase, thrownBy } from "../db/service-test.ts";
import { IdentityError } from "../identity/errors.ts";
import { enqueueMessage } from "../outbox/enqueue-message.ts";
import { CHURCH_NAME_SLOT, readChurch } from "./church.ts";
import { readChurchLogo, removeChurchLogo, uploadChurchLogo } from "./church-logo.ts";
import { updateChurchSettingsBodySchema } from "./schemas.ts";
import { updateChurchSettings } from "./update-church-settings.ts";

// The church's name and look (issue 39): the server's values until an administrator saves their own, a save
// seen by the next read, a logo stored by its hash, and the church's name filled into messages.
const database = serviceTestDatabase({ CHURCH_NAME: "St Brendan's", CHURCH_COUNTRY: "IE", CHURCH_TIME_ZONE: "Europe/Dublin" });

/** A 16 × 16 PNG: the signature and an IHDR chunk are all the check reads. */
function png(width = 16, height = 16): string {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write("IHDR", 12, "ascii");
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return `data:image/png;base64,${bytes.toString("base64")}`;
}

const body = (value: unknown) => updateChurchSettingsBodySchema.parse(value);

describe("church settings", () => {
  it("start with the server's own values, each named as the server's", async () => {
    const church = await readChurch(database);
    expect(church).toMatchObject({ name: "St Brendan's", shortName: "St Brendan's", country: "IE", timeZone: "Europe/Dublin", emailSenderName: "St Brendan's", logoPath: null, contactEmail: null });
    expect(church.fromServer).toEqual(expect.arrayContaining(["name", "short_name", "country", "time_zone", "email_sender_name", "brand_colour"]));
  });

  it("saves what is sent, raises the version, and gives a field back to the server with null", async () => {
    const before = await readChurch(database);
    const saved = await updateChurchSettings(database, body({ name: "Grace Chapel", country: "gb", brand_colour: "#7A1F3D", privacy_url: "https://grace.example/privacy" }));
    expect(saved).toMatchObject({ name: "Grace Chapel", shortName: "Grace Chapel", country: "GB", brandColour: "#7a1f3d", privacyUrl: "https://grace.example/privacy" });
    expect(saved.version).toBe(before.version + 1);
    expect(saved.fromServer).not.toContain("name");
    expect(await readChurch(database)).toEqual(saved);

    const back = await updateChurchSettings(database, body({ name: null }));
    expect(back).toMatchObject({ name: "St Brendan's", country: "GB" });
    expect(back.fromServer).toContain("name");
  });

  it("is read fresh when another instance saved a change", async () => {
    await readChurch(database);
    // What another instance's save does to the row; the embedded database has no other instance.
    await database.query(`UPDATE church_settings SET contact_email = 'office@grace.example', version = version + 1 WHERE id = 1`);
    const church = await readChurch(database);
    if (database.calendarChanges) expect(church.contactEmail).toBeNull();
    else expect(church.contactEmail).toBe("office@grace.example");
  });

  it("refuses a colour too light for white writing, and words with control characters or angle brackets", () => {
    expect(updateChurchSettingsBodySchema.safeParse({ brand_colour: "#ffd966" }).error?.issues[0]?.message).toMatch(/too light/);
    expect(updateChurchSettingsBodySchema.safeParse({ email_sender_name: "Office <x@evil>" }).success).toBe(false);
    expect(updateChurchSettingsBodySchema.safeParse({ name: "Grace\r\nBcc: x@evil" }).success).toBe(false);
    expect(updateChurchSettingsBodySchema.safeParse({ time_zone: "Mars/Olympus" }).success).toBe(false);
    expect(updateChurchSettingsBodySchema.safeParse({ website_url: "javascript:alert(1)" }).success).toBe(false);
    expect(updateChurchSettingsBodySchema.safeParse({}).success).toBe(false);
    // The church's language is one the portal speaks, or null for the server's own.
    expect(updateChurchSettingsBodySchema.safeParse({ default_locale: "fr" }).success).toBe(false);
    expect(updateChurchSettingsBodySchema.safeParse({ default_locale: "es" }).data).toEqual({ default_locale: "es" });
    expect(updateChurchSettingsBodySchema.safeParse({ default_locale: null }).data).toEqual({ default_locale: null });
  });

  it("stores a logo by the hash of its bytes, keeps only the current one, and removes it", async () => {
    const first = await uploadChurchLogo(database, png());
    const firstHash = /\/branding\/logo\/([0-9a-f]{64})\.png$/.exec(first.logoPath ?? "")?.[1];
    expect(firstHash).toBeDefined();
    expect((await readChurchLogo(database, firstHash!))?.contentType).toBe("image/png");

    const second = await uploadChurchLogo(database, png(32, 32));
    expect(second.logoPath).not.toBe(first.logoPath);
    expect(await readChurchLogo(database, firstHash!)).toBeNull();

    const removed = await removeChurchLogo(database);
    expect(removed.logoPath).toBeNull();
    expect(await database.prisma.churchLogo.count()).toBe(0);
  });

  it("refuses an SVG, a file that is not what it says, and an image too large, changing nothing", async () => {
    const before = await readChurch(database);
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString("base64")}`;
    expect((await thrownBy(IdentityError, uploadChurchLogo(database, svg))).description).toMatch(/^image: Upload your logo as a PNG, JPEG or WebP/);
    expect((await thrownBy(IdentityError, uploadChurchLogo(database, png().replace("image/png", "image/jpeg")))).description).toMatch(/is a PNG image but was sent as image\/jpeg/);
    expect((await thrownBy(IdentityError, uploadChurchLogo(database, png(20_000, 20_000)))).description).toMatch(/at most 4096 on each side/);
    expect(await readChurch(database)).toEqual(before);
  });

  it("writes the church's saved name into a message's slots", async () => {
    await updateChurchSettings(database, body({ name: "Grace Chapel" }));
    const id = await enqueueMessage(database, { channel: "email", recipient: "a@example.org", subject: `Hello · ${CHURCH_NAME_SLOT}`, body: `Welcome.\n\n— ${CHURCH_NAME_SLOT}\n` });
    const [row] = await database.query<{ subject: string; body: string }>(`SELECT subject, body FROM outbox_message WHERE id = $1::uuid`, [id]);
    expect(row).toEqual({ subject: "Hello · Grace Chapel", body: "Welcome.\n\n— Grace Chapel\n" });
  });
});
