/** The request header proxy.ts writes with the page's path, for the root layout, which Next does not tell it. */
export const PAGE_PATH_HEADER = "x-church-page-path";

/** The page's path with its query (at most 2,000 characters, else the path alone): where the language switcher comes back to. */
export const PAGE_ADDRESS_HEADER = "x-church-page-address";
