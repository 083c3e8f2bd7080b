import { describe, expect, it } from "vitest";
import type { AdminAuditEntry } from "@/lib/audit/staff-schemas";
import { translatorFor } from "@/lib/i18n/translator";
import { changedFields, describeAuditEntry as describeIn } from "./audit-words";

const english = translatorFor("en", "AdminAudit");
const spanish = translatorFor("es", "AdminAudit");
const describeAuditEntry = (entry: AdminAuditEntry) => describeIn(entry, english);

function entry(fields: Partial<AdminAuditEntry>): AdminAuditEntry {
  return {
    id: "1",
    at: "2030-01-01T10:00:00Z",
    actor: { id: "u", email: "mary@example.org", name: "Mary Member" },
    client_id: "portal",
    method: "POST",
    path: "/api/v1/admin/events",
    section: "events",
    target_id: null,
    request_id: "r",
    changes: [],
    ...fields,
  };
}

describe("describeAuditEntry", () => {
  it("says who did what to which thing, by its name", () => {
    const published = entry({
      path: "/api/v1/admin/events/evt_1/publish",
      target_id: "evt_1",
      changes: [{ table: "event", id: "evt_1", operation: "update", before: { status: "DRAFT", title: "Youth Night" }, after: { status: "SCHEDULED" } }],
    });
    expect(describeAuditEntry(published)).toBe("Mary Member published the event “Youth Night”");
    const renamed = entry({ method: "PATCH", path: "/api/v1/admin/campuses/cmp_1", section: "campuses", changes: [{ table: "campus", id: "cmp_1", operation: "update", before: { name: "North" }, after: { name: "North Hills" } }] });
    expect(describeAuditEntry(renamed)).toBe("Mary Member changed the campus “North Hills”");
    const disabled = entry({ path: "/api/v1/admin/users/u2/disable", section: "users", changes: [{ table: "account", id: "u2", operation: "update", before: { given_name: "John", family_name: "Smith", disabled_at: null }, after: { disabled_at: "2030-01-01T10:00:00Z" } }] });
    expect(describeAuditEntry(disabled)).toBe("Mary Member disabled the account of “John Smith”");
  });

  it("says an administrator made on the server's command line was made there", () => {
    const made = entry({ method: "CLI", path: "npm run admin:create", client_id: "command-line", section: "users", actor: { id: "u", email: "ruth@church.example", name: "Ruth First" } });
    expect(describeAuditEntry(made)).toBe("Ruth First was made an administrator on the church’s server (npm run admin:create)");
  });

  it("says an administrator downloaded the whole church, naming the file", () => {
    const downloaded = entry({
      method: "GET",
      path: "/api/v1/admin/export",
      section: "export",
      changes: [{ table: "church_export", id: "grace-export-2030-01-01.zip", operation: "insert", before: null, after: { file: "grace-export-2030-01-01.zip", accounts: 3 } }],
    });
    expect(describeAuditEntry(downloaded)).toBe("Mary Member downloaded all of the church’s data (grace-export-2030-01-01.zip)");
  });

  it("names the target by id when no change carries a name, and falls back to the method's word", () => {
    expect(describeAuditEntry(entry({ method: "PUT", path: "/api/v1/admin/events/evt_2/registration", target_id: "evt_2" }))).toBe("Mary Member set the sign-up of the event evt_2");
    expect(describeAuditEntry(entry({ method: "DELETE", path: "/api/v1/admin/webhooks/whep_1", section: "webhooks", target_id: "whep_1" }))).toBe("Mary Member removed the website connection whep_1");
  });

  it("says an action, a method or an area it does not know by its own name", () => {
    expect(describeAuditEntry(entry({ method: "OPTIONS", path: "/api/v1/admin/gadgets/g_1", section: "gadgets", target_id: "g_1" }))).toBe("Mary Member options a record in gadgets g_1");
    expect(describeAuditEntry(entry({ path: "/api/v1/admin/users/u2/rotate-secret", section: "clients" }))).toBe("Mary Member replaced the secret of the app");
    expect(describeAuditEntry(entry({ method: "PATCH", path: "/api/v1/admin/settings", section: "settings" }))).toBe("Mary Member changed the church's settings");
  });

  it("says the same in Spanish", () => {
    const published = entry({
      path: "/api/v1/admin/events/evt_1/publish",
      changes: [{ table: "event", id: "evt_1", operation: "update", before: { status: "DRAFT", title: "Youth Night" }, after: { status: "SCHEDULED" } }],
    });
    expect(describeIn(published, spanish)).toBe("Mary Member publicó el evento “Youth Night”");
    expect(describeIn(entry({ method: "PUT", path: "/api/v1/admin/events/evt_2/registration", target_id: "evt_2" }), spanish)).toBe("Mary Member configuró las inscripciones para el evento evt_2");
    expect(describeIn(entry({ method: "CLI", path: "npm run admin:create", section: "users" }), spanish)).toBe("Mary Member fue nombrado administrador en el servidor de la iglesia (npm run admin:create)");
  });
});

describe("changedFields", () => {
  it("names the fields an update changed, in words, without bookkeeping columns", () => {
    const edited = entry({ changes: [{ table: "event", id: "evt_1", operation: "update", before: { title: "A", start_time: "10:00" }, after: { title: "B", start_time: "11:00", updated_at: "x", public_json: "{}", campus_id: "cmp_2" } }] });
    expect(changedFields(edited)).toBe("title, start time, campus");
    expect(changedFields(entry({ changes: [{ table: "event", id: "evt_1", operation: "insert", before: null, after: { title: "A" } }] }))).toBeNull();
  });
});
