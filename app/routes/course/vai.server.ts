/** The sample VAI verb for the /aambe/verbs/vai pages: from D1, inflected by the grammar engine. */
import type { Db } from "../../../db/client";
import { getFormAudio, getLexemeByName } from "../../../db/queries/lessons";
import type { Order } from "../../core/grammar";
import { SAMPLE_VAI, vaiRows } from "../../components/learn/subjects";
import { grammarMemo } from "../../services/grammar-memo.server";

export async function loadSampleVai(db: Db, order: Order) {
  const lexeme = await getLexemeByName(db, SAMPLE_VAI.name, [SAMPLE_VAI.pos]);
  if (!lexeme) return { verb: null, rows: [], audio: {} as Record<string, string> };
  const rows = vaiRows(lexeme, order, grammarMemo);
  const audio = await getFormAudio(
    db,
    rows.flatMap((r) => (r.inflection ? [r.inflection.form] : [])),
  );
  return { verb: { name: lexeme.name, gloss: lexeme.gloss, audio: lexeme.audio }, rows, audio };
}
