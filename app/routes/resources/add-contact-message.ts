/**
 * POST /add-contact-message — docs/product.md §7 (form: honorific, name, email, subject, message) → {success, message}.
 * The old contact call, kept as a resource route; /contact's own form posts to its page action.
 */
import type { Route } from "./+types/add-contact-message";
import { getBindings } from "../../context";
import { submitContactForm } from "../../services/email-forms.server";
import { readRequestBody } from "../../services/request-body.server";

export async function action({ request, context }: Route.ActionArgs) {
  const body = await readRequestBody(request);
  const form = new FormData();
  if (body && typeof body === "object") {
    for (const [key, value] of Object.entries(body)) if (typeof value === "string") form.set(key, value);
  }
  const { result, status, headers } = await submitContactForm(request, getBindings(context), form);
  return Response.json({ success: result.success, message: result.message }, { status, headers });
}
