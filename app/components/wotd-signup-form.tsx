/**
 * The Word of the Day sign-up form (docs/product.md §2 / and /signup-wotd): email required, hidden decoy `name`.
 * A plain POST form (works without JavaScript); with JavaScript the result is announced and focused.
 */
import { useEffect, useId, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { WOTD_TEXT } from "../utils/email-texts";

export type WotdFormState = {
  status: "subscribed" | "error" | "invalid";
  message: string;
  email?: string;
};

/** `email`: the signed-in learner's own address, filled in so that subscribing is one press of the button. */
export function WotdSignupForm({
  action,
  result,
  headingLevel = 2,
  email,
}: {
  action: string;
  result?: WotdFormState;
  headingLevel?: 1 | 2;
  email?: string;
}) {
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction?.startsWith(action.split("?")[0]) === true;
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
          role={result.status === "subscribed" ? "status" : "alert"}
          className={`alert ${result.status === "subscribed" ? "alert-success" : "alert-danger"}`}
        >
          <p>{result.message}</p>
          {result.status === "subscribed" ? <p>{WOTD_TEXT.confirmPrompt}</p> : null}
        </div>
      ) : null}
      {result?.status === "subscribed" ? null : (
        <Form method="post" action={action} className="wotd-form">
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
