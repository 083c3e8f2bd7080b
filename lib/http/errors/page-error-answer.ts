import type { PlainResponse } from "../plain-response.ts";

/**
 * The one renderer of the errors of browser routes that have no page of their own to go back to (the
 * portal's sign-in, refresh, sign-out and link steps, and requests refused before any route ran): a small
 * HTML page with a way home. Words are ours; nothing from the request is echoed.
 */
export function pageErrorAnswer(status: number, title: string, message: string, headers: Record<string, string> = {}): PlainResponse {
  return {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", ...headers },
    body: `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${message}</p><p><a href="/">Go to the home page</a></p></main></body></html>`,
  };
}
