/**
 * GET /conj-data/{kind}.json (docs/product.md §7): the paradigm data of one kind, as data. Shape (docs/decisions/005a):
 * {
 *   kind: "vta-ind", title: "VTA Independent",
 *   template: ["s/he (3s) → I (1s)", …, "", …],          // row labels in order; "" = separator row
 *   words: [{ key, word, pos: "VTA", gloss, title: "word - gloss",
 *             forms: { [label]: { affixes: [{ kind: "pre" | "full" | "post", form }], form, variants, gloss, confidence } } }]
 * }
 * Affix kinds: pre = person prefix, full = the stem as realised in the whole word (the engine syncopates over the
 * whole word, so the stem is given per form), post = suffix. Unknown kinds and noun kinds (no Nishnaabemwin source
 * yet) answer 404 JSON.
 */
import { listSampleWords, paradigmTable } from "../../services/paradigms.server";
import { getBindings } from "../../context";
import { ORDER_NAMES } from "../../core/grammar";
import { kindsOf, parseKind, templateOf, PARADIGM_CLASSES } from "../../core/grammar/paradigm-kinds";
import type { Route } from "./+types/conj-data";

const headers = { "Cache-Control": "public, max-age=300" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const name = /^(.+)\.json$/.exec(params.file ?? "")?.[1] ?? "";
  const kind = parseKind(name);
  if (!kind) {
    const isNounKind = PARADIGM_CLASSES.some((c) => kindsOf(c).includes(name));
    const error = isNounKind ? "No Nishnaabemwin-confirmed paradigm data for this kind yet." : "Unknown paradigm kind.";
    return Response.json({ error }, { status: 404, headers });
  }
  const samples = (await listSampleWords(getBindings(context).db)).filter((s) => s.cls === kind.cls);
  const template = templateOf(kind.cls, kind.order).map((t) => t.label);
  const words = samples.map((s) => {
    const table = paradigmTable(s.lexeme, kind);
    const forms = Object.fromEntries(
      table.rows.map((r) => [
        r.label,
        {
          affixes: [
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
    return { key: s.key, word: s.name, pos: s.cls.toUpperCase(), gloss: s.lexeme.gloss, title: table.title, forms };
  });
  return Response.json({ kind: kind.kind, title: `${kind.cls.toUpperCase()} ${ORDER_NAMES[kind.order]}`, template, words }, { headers });
}
