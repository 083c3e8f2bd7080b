/** The request header proxy.ts writes with the page's path, for the root layout, which Next does not tell it. */
export const PAGE_PATH_HEADER = "x-church-page-path";
