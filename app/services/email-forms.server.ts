/**
 * Form actions shared by the pages with a Word of the Day form (/, /signup-wotd) and by /contact.
 * They return plain results for the components; the JSON twins live in workers/api/wotd.ts and
 * app/routes/resources/add-contact-message.ts.
 */
import { data } from "react-router";
import type { Bindings } from "./bindings.server";
import { signUpForWotd, submitContactMessage } from "./wotd.server";
import { CONTACT_TEXT, ContactSchema, WOTD_SOURCES, WOTD_TEXT, WotdSignupSchema, wotdSentMessage } from "../utils/email-forms";

/** "sent": a confirmation link went out; nothing is subscribed until it is used. */
export type WotdFormResult = {
  status: "sent" | "error" | "invalid";
  message: string;
  email?: string;
};

function field(form: FormData, name: string) {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

/**
 * A Word of the Day form post. The form says where it is (`source`: the home page's form posts to /signup-wotd too,
 * so the address bar ends on a page of its own); `fallback` is the page's own source for a form without it.
 */
export async function wotdSignupAction(request: Request, bindings: Bindings, form: FormData, fallback: (typeof WOTD_SOURCES)[number]) {
  const source = WOTD_SOURCES.find((s) => s === field(form, "source")) ?? fallback;
  const parsed = WotdSignupSchema.safeParse({ name: field(form, "name") ?? "", email: field(form, "email"), source });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? WOTD_TEXT.error;
    return data({ wotd: { status: "invalid", message, email: field(form, "email") } satisfies WotdFormResult }, { status: 400 });
  }
  const result = await signUpForWotd(bindings, parsed.data, request);
  switch (result.status) {
    case "subscribed":
      return data({ wotd: { status: "sent", message: wotdSentMessage(parsed.data.email) } satisfies WotdFormResult });
    case "rate-limited":
      return data(
        { wotd: { status: "error", message: `${WOTD_TEXT.error} ${WOTD_TEXT.rateLimited}`, email: parsed.data.email } satisfies WotdFormResult },
        { status: 429, headers: { "Retry-After": String(result.retryAfter) } },
      );
    case "error":
      return data({ wotd: { status: "error", message: WOTD_TEXT.error, email: parsed.data.email } satisfies WotdFormResult }, { status: 500 });
  }
}

export type ContactFormResult = {
  success: boolean;
  message: string;
  fieldErrors?: Partial<Record<"name" | "email" | "subject" | "message", string>>;
  values?: { name?: string; email?: string; subject?: string; message?: string };
};

/**
 * Validates and submits a contact form; `status` is the HTTP status to answer with and `headers` its headers
 * (`Retry-After` on 429).
 */
export async function submitContactForm(
  request: Request,
  bindings: Bindings,
  form: FormData,
): Promise<{ result: ContactFormResult; status: number; headers?: Record<string, string> }> {
  const values = {
    name: field(form, "name"),
    email: field(form, "email"),
    subject: field(form, "subject"),
    message: field(form, "message"),
  };
  const parsed = ContactSchema.safeParse({ ...values, honorific: field(form, "honorific") ?? "" });
  if (!parsed.success) {
    const fieldErrors: ContactFormResult["fieldErrors"] = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if ((key === "name" || key === "email" || key === "subject" || key === "message") && !fieldErrors[key]) {
        fieldErrors[key] = issue.message;
      }
    }
    const message = Object.values(fieldErrors)[0] ?? "Please check the form.";
    return { result: { success: false, message, fieldErrors, values }, status: 400 };
  }
  const outcome = await submitContactMessage(bindings, parsed.data, request);
  switch (outcome.status) {
    case "received":
      return { result: { success: true, message: CONTACT_TEXT.success }, status: 200 };
    case "rate-limited":
      return {
        result: { success: false, message: CONTACT_TEXT.rateLimited, values },
        status: 429,
        headers: { "Retry-After": String(outcome.retryAfter) },
      };
    case "error":
      return { result: { success: false, message: CONTACT_TEXT.serverError, values }, status: 500 };
  }
}
