/**
 * Root middleware for every React Router request: a POST/PUT/PATCH/DELETE must carry a body the
 * actions can read (a URL-encoded or multipart form). Anything else is answered 400/415 with a plain
 * message before any action runs, so malformed input can never reach `request.formData()` and
 * become a 500. JSON belongs to the Hono API under /api.
 */
import { data } from "react-router";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

export async function assertReadableForm(request: Request) {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return;
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!FORM_TYPES.has(type)) {
    throw data("This address only accepts web forms. Please use the form on the page.", { status: 415 });
  }
  try {
    await request.clone().formData();
  } catch {
    throw data("The form could not be read. Please try again.", { status: 400 });
  }
}
