import type { InputHTMLAttributes, ReactNode } from "react";
import { lowercaseInput } from "./timed-message";

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  id: string;
  label: ReactNode;
  /** Shown under the input and announced with it (rules such as length). */
  hint?: ReactNode;
  /** Id of the hint paragraph; defaults to `<id>-hint`. */
  hintId?: string;
  /** This field's error: marks it invalid and, unless `showError` is false, shows it under the input. */
  error?: string;
  /** False when the page's message already says the same as `error`. */
  showError?: boolean;
  /** Marks the field invalid without a message of its own (e.g. a failed log-in marks both fields). */
  invalid?: boolean;
};

/** One labelled input of the account forms, with its hint and error tied to it for screen readers. */
export function Field({ id, label, hint, hintId = `${id}-hint`, error, showError = true, invalid, name, ...input }: FieldProps) {
  const errorShown = Boolean(error) && showError;
  const describedBy = [hint ? hintId : undefined, errorShown ? `${id}-error` : undefined].filter(Boolean).join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name ?? id} aria-invalid={invalid || error ? true : undefined} aria-describedby={describedBy || undefined} {...input} />
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {errorShown ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Input attributes of every username field: typed lowercase, no autocorrection. */
export const USERNAME_INPUT = {
  type: "text",
  required: true,
  autoComplete: "username",
  autoCapitalize: "none",
  spellCheck: false,
  className: "lowercase",
  onInput: lowercaseInput,
} satisfies InputHTMLAttributes<HTMLInputElement>;

/** Input attributes of a new password (sign-up, restore); the rules are the hint. */
export const NEW_PASSWORD_INPUT = {
  type: "password",
  required: true,
  maxLength: 256,
  autoComplete: "new-password",
} satisfies InputHTMLAttributes<HTMLInputElement>;

export const PASSWORD_RULES = "At least 8 characters (at most 256); very common passwords are not accepted.";
