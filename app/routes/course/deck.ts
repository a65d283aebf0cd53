/**
 * POST /aambe/deck (verb, pos): "Practise this word" — adds the verb's core cells (app/services/practice.server.ts
 * coreKeys) to a signed-in learner's deck, due now, without touching cards they already have; then opens the verb's
 * practice. Anonymous learners go straight to the practice, whose answers keep the cards on their device.
 * Any page can offer it with <PractiseWord> (app/components/learn/practise-word.tsx).
 */
import { redirect } from "react-router";
import { getBindings } from "../../context";
import { getLexemeByName } from "../../../db/queries/lessons";
import { addToDeck, coreKeys } from "../../services/practice.server";
import { getSessionUser } from "../../services/session.server";
import type { Route } from "./+types/deck";

const VERB_POS = ["vai", "vii", "vti", "vta"];

export async function action({ request, context }: Route.ActionArgs) {
  const { config, db } = getBindings(context);
  const form = await request.formData();
  const verb = String(form.get("verb") ?? "").normalize("NFC").trim().slice(0, 100);
  const pos = String(form.get("pos") ?? "");
  const lexeme = verb ? await getLexemeByName(db, verb, VERB_POS.includes(pos) ? [pos] : VERB_POS) : null;
  if (!lexeme) return redirect(`/aambe/practice?${new URLSearchParams({ verb })}`);
  const user = await getSessionUser(request, config, db);
  const params = new URLSearchParams({ verb: lexeme.name, pos: lexeme.pos });
  if (user) params.set("added", String(await addToDeck(db, user.id, coreKeys(lexeme), new Date())));
  return redirect(`/aambe/practice?${params}`);
}
