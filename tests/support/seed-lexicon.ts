/**
 * The demo lexicon (db/seed/data/lexicon.tsv: name, pos, gloss, stem) as the lesson expansion takes it. Pure, so
 * Worker tests (which import the file as text) and browser tests (which read it from disk) parse it alike.
 */
export function parseSeedLexicon(tsv: string) {
  return tsv
    .trim()
    .split("\n")
    .slice(1)
    .map((line) => {
      const [name, pos, gloss, stem] = line.split("\t");
      return { name, pos, gloss, stem: stem || null, audio: null };
    });
}
