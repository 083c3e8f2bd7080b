/** The most entries one CSV export holds; a longer period is exported in parts (narrower `from`/`to`). */
export const MAX_EXPORTED_ENTRIES = 10_000;
