/**
 * POST /aambe/deck (verb, pos, cell?): "Practise this word" — adds forms of the verb to a signed-in learner's deck,
 * due now, without touching cards they already have; then opens their practice. Anonymous learners go straight to
 * the practice, whose answers keep the cards on their device.
 * Without `cell` (the word page) the forms are the verb's core cells (app/services/practice.server.ts coreKeys);
 * with the cell a page shows (the conjugator's engine cell key: order, person, tense or mode, conjunct form,
 * preverbs) they are that cell's (app/services/practise-word.server.ts): the past selected gives past forms.
 * Any page can offer it with <PractiseWord> (app/components/learn/practise-word.tsx).
 */
import { redirect } from "react-router";
import { getBindings } from "../../context";
import { getLexemeByName } from "../../../db/queries/lessons";
import { isWholeVerbCell } from "../../core/grammar/cells";
import { addToDeck, coreKeys } from "../../services/practice.server";
import { shownCellKeys } from "../../services/practise-word.server";
import { getSessionUser } from "../../services/session.server";
import { parseVerbCellKey } from "../../utils/course";
import { practiceHref } from "../../utils/practice-page";
import type { Route } from "./+types/deck";

const VERB_POS = ["vai", "vii", "vti", "vta"];

export async function action({ request, context }: Route.ActionArgs) {
  const { config, db } = getBindings(context);
  const form = await request.formData();
  const verb = String(form.get("verb") ?? "")
    .normalize("NFC")
    .trim()
    .slice(0, 100);
  const pos = String(form.get("pos") ?? "");
  const lexeme = verb ? await getLexemeByName(db, verb, VERB_POS.includes(pos) ? [pos] : VERB_POS) : null;
  if (!lexeme) return redirect(`/aambe/practice?${new URLSearchParams({ verb })}`);
  const asked = parseVerbCellKey(String(form.get("cell") ?? "").slice(0, 200));
  const shown = asked ? shownCellKeys(lexeme, asked) : [];
  // A cell with no form to practise (or none given) adds the word's core cells, as the word page does.
  const cell = shown.length ? asked : null;
  const keys = cell ? shown : coreKeys(lexeme);
  const user = await getSessionUser(request, config, db);
  const added = user ? await addToDeck(db, user.id, keys, new Date()) : null;
  if (cell && isWholeVerbCell(cell)) {
    // The verb's practice page asks the plain forms of an order: a tense, mode or preverb is practised as a round
    // of exactly the forms added.
    return redirect(practiceHref("", { queue: keys, total: keys.length, missed: [], answered: 0 }));
  }
  const params = new URLSearchParams({ verb: lexeme.name, pos: lexeme.pos });
  if (cell && cell.order !== "ind") params.set("order", cell.order);
  if (added !== null) params.set("added", String(added));
  return redirect(`/aambe/practice?${params}`);
}
