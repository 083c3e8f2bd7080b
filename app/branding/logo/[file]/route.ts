import { pageMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { readChurchLogo } from "@/lib/church-settings/church-logo";
import { database } from "@/lib/db";

export const dynamic = "force-dynamic";

/**
 * GET /branding/logo/<sha256>.<ext> - the church's logo (/admin/settings). Its address is made of its bytes,
 * so it is cached for a year and a new logo has a new address. Served as the image it was checked to be,
 * never sniffed, and sandboxed should anyone open it as a page.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const { file } = await params;
  const match = /^([0-9a-f]{64})\.(png|jpg|webp)$/.exec(file);
  const logo = match ? await readChurchLogo(await database(), match[1]!) : null;
  if (!logo) return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return new Response(new Uint8Array(logo.bytes), {
    headers: {
      "Content-Type": logo.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

export const { POST, PUT, PATCH, DELETE } = pageMethodNotAllowed();
