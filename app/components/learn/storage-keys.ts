/** Local storage keys of the learn pages (no imports: the learn pages stay small). */
export const SRS_STORAGE_KEY = "srsCards";
/** Answers given offline, until the server has them (ADR 017). */
export const OUTBOX_KEY = "practiceOutbox";
/** What a signed-in learner practises offline: the items of the practice pages opened online (ADR 017). */
export const PACKS_KEY = "practicePacks";
