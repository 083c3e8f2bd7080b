import "server-only";
import type { StaffPermission } from "@/lib/identity/permissions";
import { emailPreviewContentSecurityPolicy } from "@/lib/http/security-headers";

/**
 * The answers of the email previews (issue 39, part 4): the email's HTML under a policy of its own, which
 * allows its inline styles and our images and nothing else, framed by our own pages only
 * (lib/http/security-headers.ts; proxy.ts sets the same policy on these addresses). Never cached: a preview
 * shows the church's look of the moment.
 */
export const EMAIL_PREVIEWS_PERMISSION: StaffPermission = "settings:write";

function headers(baseUrl: string, type: string): HeadersInit {
  return {
    "Content-Type": type,
    "Cache-Control": "no-store",
    "Content-Security-Policy": emailPreviewContentSecurityPolicy(baseUrl),
    "X-Frame-Options": "SAMEORIGIN",
    "X-Content-Type-Options": "nosniff",
  };
}

export function previewAnswer(html: string, baseUrl: string): Response {
  return new Response(html, { headers: headers(baseUrl, "text/html; charset=utf-8") });
}

/** A short line in place of the email, in the frame. */
export function previewRefusal(status: 403 | 404, message: string, baseUrl: string): Response {
  return new Response(`${message}\n`, { status, headers: headers(baseUrl, "text/plain; charset=utf-8") });
}
