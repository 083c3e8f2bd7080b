import { pageMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { brandColourProblem, brandStylesheet } from "@/lib/church-settings/brand-colour";

/**
 * GET /branding/theme/<rrggbb>.css - the church's colours as a stylesheet (app/layout.tsx links it). Made from
 * its address alone, so it never changes and is cached for good; a colour that fails the contrast check is
 * not served, whoever asks.
 */
export function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  return params.then(({ file }) => {
    const match = /^([0-9a-f]{6})\.css$/.exec(file);
    const colour = match ? `#${match[1]}` : null;
    if (!colour || brandColourProblem(colour)) return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    return new Response(brandStylesheet(colour), {
      headers: { "Content-Type": "text/css; charset=utf-8", "Cache-Control": "public, max-age=31536000, immutable", "X-Content-Type-Options": "nosniff" },
    });
  });
}

export const { POST, PUT, PATCH, DELETE } = pageMethodNotAllowed();
