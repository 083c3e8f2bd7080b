/**
 * The request header proxy.ts writes with a page's `?request=` (the authorization request it serves), so the
 * language can follow that request's `ui_locales` before the page itself reads it. Whatever a client sent in
 * it is replaced or removed.
 */
export const PAGE_REQUEST_HEADER = "x-church-page-request";
