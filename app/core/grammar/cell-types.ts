/** The verb cell's types (cells.ts re-exports them; vaio-cells.ts reads them without importing cells.ts). */
/** vaio: an animate intransitive verb with an object (vaio-cells.ts); not among the pages' VERB_CLASSES. */
export type VerbClass = "vai" | "vii" | "vti" | "vta" | "vaio";
export type Order = "ind" | "ind-neg" | "conj" | "conj-neg" | "imp" | "imp-pro" | "imp-delayed";
export type Person = "1s" | "2s" | "3s" | "3'" | "1p" | "21" | "2p" | "3p" | "x" | "0s" | "0p" | "0's" | "0'p" | "0" | "0'";
/** Mode: preterit, dubitative, preterit-dubitative (absent: neutral). */
export type Mode = "prt" | "dub" | "dubprt";
/** A participle's head: "the ones who" (3p), the obviative (3'), inanimate plural (0p). */
export type ParticipleHead = "3p" | "3'" | "0p";
/**
 * A verb cell. Today's cells are order + subject (+ object); the whole verb adds, each only when set: a mode, the
 * changed conjunct (initial change), a participle (subject/object give its conjunct cell) and preverbs in order.
 */
export type Cell = {
  order: Order;
  subject: Person;
  object?: Person;
  mode?: Mode;
  change?: true;
  participle?: ParticipleHead;
  preverbs?: string[];
};
