import { useEffect, useRef, useState, type FormEvent } from "react";
import { data } from "react-router";
import type { Route } from "./+types/contact";
import { getBindings } from "../context";
import { CONTACT_DEFAULT_SUBJECT, CONTACT_MESSAGE_MS, CONTACT_TEXT } from "../utils/email-texts";
import { submitContactForm, type ContactFormResult } from "../services/email-forms.server";
import { passRetryAfter } from "../services/rate-limit.server";

export const meta: Route.MetaFunction = () => [
  { title: "Contact | Nishnaabemwin" },
  { name: "description", content: "Send a message to the people who keep the Nishnaabemwin site." },
];

/** Without JavaScript the form posts here; the message is stored and emailed to the site owner. */
export async function action({ request, context }: Route.ActionArgs) {
  const { result, status, headers } = await submitContactForm(request, getBindings(context), await request.formData());
  return data(result, { status, headers });
}

/** 429 answers keep their Retry-After on the document response too. */
export const headers = passRetryAfter;

type Shown = { success: boolean; message: string; fieldErrors?: ContactFormResult["fieldErrors"] };

export default function Contact({ actionData }: Route.ComponentProps) {
  const [shown, setShown] = useState<Shown | null>(actionData ?? null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(actionData?.success === true);
  const messageRef = useRef<HTMLDivElement>(null);
  const values = actionData && !actionData.success ? actionData.values : undefined;

  useEffect(() => {
    setShown(actionData ?? null);
    setSent(actionData?.success === true);
  }, [actionData]);

  useEffect(() => {
    if (!shown) return;
    messageRef.current?.focus();
    if (shown.success) return;
    // docs/product.md §8/§9: with JavaScript, an error shows for 3 s.
    const timer = setTimeout(() => setShown(null), CONTACT_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  /** With JavaScript: the old call, POST /add-contact-message, without leaving the page. */
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    try {
      const response = await fetch("/add-contact-message", { method: "POST", body: new FormData(form) });
      const body = (await response.json()) as { success: boolean; message: string };
      setShown({ success: body.success, message: body.message });
      if (body.success) {
        setSent(true);
        form.reset();
      }
    } catch {
      setShown({ success: false, message: CONTACT_TEXT.networkError });
    } finally {
      setBusy(false);
    }
  }

  const errors = shown?.fieldErrors ?? {};
  return (
    <section className="page contact-page">
      <h1>Contact</h1>
      <p>Questions, corrections or a word we should add? Write to us.</p>
      {shown ? (
        <div ref={messageRef} tabIndex={-1} role={shown.success ? "status" : "alert"} className={`alert ${shown.success ? "alert-success" : "alert-danger"}`}>
          <p>{shown.message}</p>
        </div>
      ) : null}
      {sent ? null : (
        <form method="post" action="/contact" className="contact-form" onSubmit={onSubmit}>
          <div className="decoy" aria-hidden="true">
            <label htmlFor="contact-honorific">Honorific (leave empty)</label>
            <input id="contact-honorific" name="honorific" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          <div className="form-field">
            <label htmlFor="contact-name">Name</label>
            <input
              id="contact-name"
              name="name"
              type="text"
              required
              maxLength={100}
              autoComplete="name"
              defaultValue={values?.name ?? ""}
              aria-invalid={errors.name ? true : undefined}
            />
          </div>
          <div className="form-field">
            <label htmlFor="contact-email">Email</label>
            <input
              id="contact-email"
              name="email"
              type="email"
              required
              maxLength={254}
              autoComplete="email"
              defaultValue={values?.email ?? ""}
              aria-invalid={errors.email ? true : undefined}
            />
          </div>
          <div className="form-field">
            <label htmlFor="contact-subject">Subject</label>
            <input
              id="contact-subject"
              name="subject"
              type="text"
              required
              maxLength={200}
              defaultValue={values?.subject ?? CONTACT_DEFAULT_SUBJECT}
              aria-invalid={errors.subject ? true : undefined}
            />
          </div>
          <div className="form-field">
            <label htmlFor="contact-message">Message</label>
            <textarea
              id="contact-message"
              name="message"
              required
              maxLength={5000}
              rows={6}
              defaultValue={values?.message ?? ""}
              aria-invalid={errors.message ? true : undefined}
            />
          </div>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? "Sending…" : "Send"}
          </button>
        </form>
      )}
    </section>
  );
}
