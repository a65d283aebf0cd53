/**
 * GET /conj-data/{kind}.json (docs/product.md §7): the paradigm data of one kind, as data. Shape (docs/decisions/005d):
 * {
 *   kind: "vta-ind", title: "VTA Independent",
 *   template: ["s/he (3s) → I (1s)", …, "", …],          // row labels in order; "" = separator row
 *   words: [{ key, word, pos: "VTA", gloss, title: "word - gloss",
 *             forms: { [label]: { affixes: [{ kind: "pre" | "full" | "post", form }], form, variants, gloss, confidence } } }]
 * }
 * Affix kinds: pre = person prefix, full = the stem as realised in the whole word (the engine syncopates over the
 * whole word, so the stem is given per form), post = suffix. Noun kinds as /paradigms shows them ({pos}-{shape}-inf,
 * {pos}-{shape}-n-poss; docs/decisions/005d §5) give the sample nouns of that class and stem shape, each form whole
 * (one "full" affix: the noun engine does not split forms). Unknown kinds, the product reference's noun labels
 * (na_I-inf …: no Nishnaabemwin source defines them) and noun kinds without a sample noun answer 404 JSON.
 */
import { listSampleNouns, listSampleWords, nounTable, paradigmTable, type ParadigmTable } from "../../services/paradigms.server";
import { getBindings } from "../../context";
import { nounCellLabel, ORDER_NAMES } from "../../core/grammar";
import { kindsOf, nounKindLabel, nounTemplate, parseKind, parseNounKind, templateOf, PARADIGM_CLASSES } from "../../core/grammar/paradigm-kinds";
import type { Route } from "./+types/conj-data";

const headers = { "Cache-Control": "public, max-age=300" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const name = /^(.+)\.json$/.exec(params.file ?? "")?.[1] ?? "";
  const kind = parseKind(name);
  const nounKind = kind ? null : parseNounKind(name);
  if (nounKind) {
    const nouns = (await listSampleNouns(getBindings(context).db)).filter((n) => n.kinds.includes(nounKind.kind));
    if (nouns.length === 0) return Response.json({ error: "No sample noun of this class and stem shape." }, { status: 404, headers });
    const template = nounTemplate(nounKind).map(nounCellLabel);
    const words = nouns.map((n) => {
      const table = nounTable(n.lexeme, nounKind);
      return { key: n.key, word: n.name, pos: n.pos.toUpperCase(), gloss: n.lexeme.gloss, title: table.title, forms: formsOf(table, true) };
    });
    const title = `${nounKind.pos.toUpperCase()} ${nounKind.shape} stem, ${nounKindLabel(nounKind)}`;
    return Response.json({ kind: nounKind.kind, title, template, words }, { headers });
  }
  if (!kind) {
    const isNounKind = PARADIGM_CLASSES.some((c) => kindsOf(c).includes(name));
    const error = isNounKind ? "No Nishnaabemwin-confirmed paradigm data for this kind yet." : "Unknown paradigm kind.";
    return Response.json({ error }, { status: 404, headers });
  }
  const samples = (await listSampleWords(getBindings(context).db)).filter((s) => s.cls === kind.cls);
  const template = templateOf(kind.cls, kind.order).map((t) => t.label);
  const words = samples.map((s) => {
    const table = paradigmTable(s.lexeme, kind);
    return { key: s.key, word: s.name, pos: s.cls.toUpperCase(), gloss: s.lexeme.gloss, title: table.title, forms: formsOf(table, false) };
  });
  return Response.json({ kind: kind.kind, title: `${kind.cls.toUpperCase()} ${ORDER_NAMES[kind.order]}`, template, words }, { headers });
}

/** The forms of a table by row label; a noun's form is one "full" affix (the noun engine does not split forms). */
function formsOf(table: ParadigmTable, whole: boolean) {
  return Object.fromEntries(
    table.rows.map((r) => [
      r.label,
      {
        affixes: whole
          ? r.form !== null
            ? [{ kind: "full", form: r.form }]
            : []
          : [
              ...(r.prefix ? [{ kind: "pre", form: r.prefix }] : []),
              ...(r.root !== null ? [{ kind: "full", form: r.root }] : []),
              ...(r.suffix ? [{ kind: "post", form: r.suffix }] : []),
            ],
        form: r.form,
        variants: r.variants,
        gloss: r.gloss,
        confidence: r.confidence,
      },
    ]),
  );
}
