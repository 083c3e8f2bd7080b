import { describe, expect, it } from "vitest";
import { errorFromQuery } from "./page-errors.ts";

// `?error=invalid_request&field=__proto__` on /sign-in, /register or /forgot-password was a 500: the
// field's message was looked up with Object's own members (found by the hostile-input proof).
describe("errorFromQuery", () => {
  it.each(["__proto__", "constructor", "toString", "valueOf"])("field=%s falls back to the generic message", (field) => {
    const error = errorFromQuery({ error: "invalid_request", field }, { password: "Enter a password." });
    expect(error).toEqual({ message: "Check the highlighted field and try again.", field: undefined });
  });

  it("still names a known field", () => {
    expect(errorFromQuery({ error: "invalid_request", field: "password" }, { password: "Enter a password." })).toEqual({ field: "password", message: "Enter a password." });
  });
});

describe("errorFromQuery in Spanish", () => {
  it("says the table's error, a field's and the wait in the page's language", () => {
    expect(errorFromQuery({ error: "invalid_credentials" }, {}, "es")).toEqual({ field: "password", message: "Ese correo y esa contraseña no coinciden con ninguna cuenta. Revíselos e inténtelo de nuevo." });
    expect(errorFromQuery({ error: "invalid_request", field: "email" }, {}, "es")).toEqual({ field: "email", message: "Escriba su correo electrónico, por ejemplo nombre@ejemplo.org." });
    expect(errorFromQuery({ error: "too_many_requests", retry_after: "90" }, {}, "es")).toEqual({ message: "Demasiados intentos. Inténtelo de nuevo en 2 minutos." });
  });
});
