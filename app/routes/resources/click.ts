/** POST /click — SPEC §7 (form: email, page): the old path of the click log; /api/click is the same call. */
import type { Route } from "./+types/click";
import { getBindings } from "../../context";
import { logClick } from "../../../db/queries/clicks";
import { readRequestBody } from "../../services/request-body.server";
import { ClickSchema } from "../../utils/validation";

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = ClickSchema.safeParse(await readRequestBody(request));
  if (!parsed.success) {
    return Response.json(
      { error: { code: "VALIDATION", message: "The request was not valid.", issues: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })) } },
      { status: 400 },
    );
  }
  await logClick(getBindings(context).db, parsed.data);
  return Response.json({ success: true });
}

