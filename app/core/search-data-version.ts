/**
 * The version of everything derived from the lexicon by the grammar engine and stored (ADR 034): the search keys and
 * their notes, the tail rows, the word list's order, and — through the lexicon version — the stored page words and
 * the offline dictionary. Raise it with any change of the engine (app/core/grammar), of the keys
 * (app/core/lexicon-keys.ts) or of the word list's order that changes what those rows hold: a database of another
 * version derives them again by itself (app/services/search-data.server.ts), and until then requests read the
 * lexicon whole.
 */
export const SEARCH_DATA_VERSION = 1;
