/** POST /click — docs/product.md §7 (form: email, page): the old path of the click log; /api/click is the same call. */
import type { Route } from "./+types/click";
import { getBindings } from "../../context";
import { recordClick } from "../../services/clicks.server";
import { readRequestBody } from "../../services/request-body.server";

export async function action({ request, context }: Route.ActionArgs) {
  const result = await recordClick(getBindings(context), request, await readRequestBody(request));
  if (result.status === "invalid") {
    return Response.json(
      {
        error: {
          code: "VALIDATION",
          message: "The request was not valid.",
          issues: result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
        },
      },
      { status: 400 },
    );
  }
  if (result.status === "rate-limited") {
    return Response.json({ error: { code: "RATE_LIMITED", message: result.message } }, { status: 429, headers: { "Retry-After": String(result.retryAfter) } });
  }
  return Response.json({ success: true });
}
