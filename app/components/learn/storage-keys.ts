/** Local storage keys of the learn pages (no imports: the lesson player stays small). */
export const SRS_STORAGE_KEY = "srsCards";
/** What the lesson player leaves for /aambe/practice (docs/product.md: lesson data and number in local storage). */
export const LESSON_DATA_KEY = "lessonData";
export const LESSON_NUMBER_KEY = "lessonNumber";
