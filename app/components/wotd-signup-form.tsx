/**
 * The Word of the Day sign-up form (docs/product.md §2 / and /signup-wotd): email required, hidden decoy `name`,
 * and `source` (which page it is on). Every copy posts to /signup-wotd, a page of its own, which shows the answer:
 * the address bar ends there, never on the home page's `/?index`. A plain POST form (works without JavaScript);
 * with JavaScript the answer is announced and focused.
 */
import { useEffect, useId, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { WOTD_TEXT } from "../utils/email-texts";

export type WotdFormState = {
  /** "sent": a confirmation link went out (nothing is subscribed until it is used). */
  status: "sent" | "error" | "invalid";
  message: string;
  email?: string;
};

const ACTION = "/signup-wotd";

/** `email`: the signed-in learner's own address, filled in so that subscribing is one press of the button. */
export function WotdSignupForm({
  source,
  result,
  headingLevel = 2,
  email,
}: {
  source: "index-signup" | "wotd-signup";
  result?: WotdFormState;
  headingLevel?: 1 | 2;
  email?: string;
}) {
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith(ACTION) === true;
  const messageRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) messageRef.current?.focus();
  }, [result]);
  const Heading = headingLevel === 1 ? "h1" : "h2";

  return (
    <section className="wotd-signup" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>Nishnaabemwin Word of the Day</Heading>
      <p>One word a day by email, with its meaning, an example and audio.</p>
      {result ? (
        <div
          ref={messageRef}
          tabIndex={-1}
          role={result.status === "sent" ? "status" : "alert"}
          className={`alert ${result.status === "sent" ? "alert-success" : "alert-danger"}`}
        >
          <p>{result.message}</p>
          {result.status === "sent" ? <p>{WOTD_TEXT.confirmPrompt}</p> : null}
        </div>
      ) : null}
      {result?.status === "sent" ? null : (
        <Form method="post" action={ACTION} className="wotd-form">
          <input type="hidden" name="source" value={source} />
          <div className="decoy" aria-hidden="true">
            <label htmlFor={`${id}-name`}>Leave this field empty</label>
            <input id={`${id}-name`} name="name" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          <label htmlFor={`${id}-email`}>Email address</label>
          <div className="wotd-form-row">
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              required
              autoComplete="email"
              maxLength={254}
              defaultValue={result?.email ?? email ?? ""}
              aria-invalid={result?.status === "invalid" ? true : undefined}
            />
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? "Signing up…" : "Sign up"}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
