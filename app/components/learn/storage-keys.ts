/** Local storage keys of the learn pages (no imports: the learn pages stay small). */
export const SRS_STORAGE_KEY = "srsCards";
