import { describe, expect, it } from "vitest";
import { ELEVATED_PERMISSIONS } from "@/lib/identity/permissions";
import { PortalApiError } from "@/lib/portal-api/client";
import { personRefusal, rolesRefusal } from "./person-refusal";

// The staff page's words for the API's refusals of acting on a more powerful account (issue 36, section 3).
describe("personRefusal", () => {
  const forbidden = new PortalApiError(403, "forbidden", "missing permission audit:read, roles:write: changing an account needs every staff or volunteer permission it holds or is given");

  it("names what the account can do that the staff member's cannot, without permission codes", () => {
    const refusal = personRefusal("disable Ada Admin’s account", "Ada Admin", forbidden);
    expect(refusal).toEqual({
      message: "We couldn’t disable Ada Admin’s account. This account can read the record of what staff did and give people roles, and yours cannot. Only someone who can do everything this account can may change it: ask an administrator.",
      signInAgain: false,
    });
    expect(refusal.message).not.toMatch(/:read|:write/);
  });

  it("has words for every staff and volunteer permission, so no code reaches the page", () => {
    for (const permission of ELEVATED_PERMISSIONS) {
      const refused = new PortalApiError(403, "forbidden", `missing permission ${permission}: changing an account needs every staff or volunteer permission it holds or is given`);
      expect(personRefusal("disable Ada’s account", "Ada", refused).message, permission).not.toContain(permission);
    }
  });

  it("offers to sign in again when a fresh sign-in is what is missing", () => {
    const stepUp = new PortalApiError(401, "insufficient_user_authentication", "sign in again to change an account that holds staff or volunteer permissions", null, true);
    expect(personRefusal("sign Sam Staff out", "Sam Staff", stepUp)).toEqual({
      message: "We couldn’t sign Sam Staff out yet. Sam Staff can do more than a member can (staff or volunteer work), so for safety we ask you to sign in again first. Then try once more.",
      signInAgain: true,
    });
  });

  it("keeps the usual sentence for any other refusal, the route's own missing permission included", () => {
    expect(personRefusal("enable Jo’s account", "Jo", new PortalApiError(403, "forbidden", "missing permission users:write"))).toEqual({
      message: "We couldn’t enable Jo’s account. Missing permission users:write.",
      signInAgain: false,
    });
    expect(personRefusal("enable Jo’s account", "Jo", new Error("network down")).signInAgain).toBe(false);
  });

  it("says for the roles form that only what one can do may be given or taken", () => {
    const refusal = rolesRefusal("Jo", new PortalApiError(403, "forbidden", "missing permission attendance:kiosk: changing an account needs every staff or volunteer permission it holds or is given"));
    expect(refusal.message).toBe(
      "We couldn’t save Jo’s roles. The change touches what your account cannot do (set up check-in kiosks): you can only give, or take away, what you can do yourself. Ask an administrator.",
    );
  });
});
