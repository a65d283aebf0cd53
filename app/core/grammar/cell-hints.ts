/**
 * What a stored index notes with a verb's keys for the analysers (ADR 030), handed to a request's lexicon in place of
 * what they would work out:
 * - with a projected verb's `x` key (candidate-keys.ts), the verb's cells with that projection: today's cells
 *   (analysis.ts, indices of `ALL_CELLS`), the whole verb's cells and the bases a preverb chain goes on
 *   (whole-analysis.ts, indices of its class cells): the analysers' narrowing, inverted;
 * - with a keyed verb's `v` key, `JOINED` when the join splits its stems and joins every ending (whole-analysis.ts
 *   `allJoin`), so the whole-verb analyser looks up a tail index only for the groups whose starts begin the word.
 * Pure.
 */
export type CellHint = { today: number[]; cells: number[]; bases: number[] };

/** What a request knows of a verb: its cells by projection (a projection it was not stored under has none), or that it joins. */
export type LexemeHints = { cells?: ReadonlyMap<string, CellHint>; joined?: boolean };

/** The note of a `v` key whose verb joins every ending (`allJoin`). */
export const JOINED = "joined";

const list = (text: string | undefined) => (text ? text.split(",").map(Number) : []);

/** "1,5;2;" — today's, the whole verb's and the bases' cells, each sorted. */
export function encodeCellHint(hint: CellHint): string {
  return [hint.today, hint.cells, hint.bases].map((l) => [...l].sort((a, b) => a - b).join(",")).join(";");
}

export function decodeCellHint(text: string): CellHint {
  const [today, cells, bases] = text.split(";");
  return { today: list(today), cells: list(cells), bases: list(bases) };
}

/** A request's hints by lexeme id from the notes of the keys it read (kind, key, note). */
export function hintsOf(rows: Iterable<{ id: number; kind: string; key: string; cells: string | null }>): Map<number, LexemeHints> {
  const out = new Map<number, LexemeHints>();
  for (const { id, kind, key, cells } of rows) {
    if (cells === null) continue;
    let hints = out.get(id);
    if (!hints) out.set(id, (hints = {}));
    if (kind === "v") hints.joined = cells === JOINED;
    else if (kind === "x") ((hints.cells ??= new Map()) as Map<string, CellHint>).set(key, decodeCellHint(cells));
  }
  return out;
}
