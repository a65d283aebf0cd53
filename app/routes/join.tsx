import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Field, NEW_PASSWORD_INPUT, PASSWORD_RULES, USERNAME_INPUT } from "../components/field";
import { TimedMessage } from "../components/timed-message";
import { getBindings } from "../context";
import { JOINED_PATH, MESSAGE_MS, MESSAGES, USERNAME_MAX, USERNAME_RULES } from "../utils/account-messages";
import { usernameCharacterProblem } from "../utils/username-rules";
import { signUp } from "../services/account-access.server";
import { passRetryAfter } from "../services/rate-limit.server";
import { serverOrMessage, skipRevalidationWhenUnreachable } from "../utils/client-action";
import { requireAnonymous } from "../services/session.server";
import type { Route } from "./+types/join";
import { SITE_DESCRIPTION } from "../utils/meta";

export const shouldRevalidate = skipRevalidationWhenUnreachable;

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, { title: "Wiijiiwe (Join) | Nishnaabemwin" }];

/**
 * docs/product.md §3 age values (child, mid, aged, elder: stored as they always were), labelled as ranges that do
 * not overlap (the reference's "18-35" and "35-50" both held 35).
 */
const AGE_OPTIONS = [
  ["child", "Under 18"],
  ["mid", "18–34"],
  ["aged", "35–49"],
  ["elder", "50 or over"],
] as const;

const FLUENCY_OPTIONS = [
  ["nothing", "I know nothing yet"],
  ["beginner", "Beginner"],
  ["intermediate", "Intermediate"],
  ["fluent", "Fluent"],
  ["native", "Native speaker"],
] as const;

/** docs/product.md §3 tribe codes; names as the codes are commonly expanded. */
const TRIBE_OPTIONS = [
  ["gtb", "Grand Traverse Band (gtb)"],
  ["lrb", "Little River Band (lrb)"],
  ["ltbb", "Little Traverse Bay Bands (ltbb)"],
  ["mfn", "M'Chigeeng First Nation (mfn)"],
  ["oto", "Ottawa Tribe of Oklahoma (oto)"],
  ["sfn", "Sheguiandah First Nation (sfn)"],
  ["wifn", "Wiikwemkoong Unceded Territory (wifn)"],
  ["wfn", "Whitefish River First Nation (wfn)"],
  ["zfn", "Zhiibaahaasing First Nation (zfn)"],
  ["oth", "Other"],
] as const;

const TEXT_FIELDS = ["username", "email", "realName", "age", "fluency", "fluencyComment", "tribe", "tribeComment"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, db } = getBindings(context);
  await requireAnonymous(request, config, db);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries([...(await request.formData()).entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const result = await signUp(getBindings(context), request, form, true);
  // The home page says the account was created (JOINED_PATH).
  if (result.status === "ok") return redirect(JOINED_PATH, { headers: result.cookies.map((cookie): [string, string] => ["Set-Cookie", cookie]) });
  // A filled decoy looks like a success and creates nothing.
  if (result.status === "decoy") return redirect(JOINED_PATH);
  const values = Object.fromEntries(TEXT_FIELDS.map((k) => [k, form[k] ?? ""]));
  if (result.status === "limited") {
    return data(
      { message: result.message, errors: {} as Record<string, string>, values },
      { status: 429, headers: { "Retry-After": String(result.retryAfter) } },
    );
  }
  return data({ message: result.message, errors: result.errors, values }, { status: 400 });
}

/** 429 answers keep their Retry-After on the document response too. */
export const headers = passRetryAfter;

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return serverOrMessage(serverAction, {
    message: MESSAGES.joinServerError,
    errors: {} as Record<string, string>,
    values: undefined,
    serverError: true as const,
  });
}

function isPasswordMessage(message: string) {
  return message === MESSAGES.passwordTooShort || message === MESSAGES.passwordsDoNotMatch;
}

function JoinForm({
  message,
  errors = {},
  values = {},
  trigger,
  serverError,
}: {
  message?: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
  trigger?: unknown;
  serverError?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  /**
   * Why the username as typed would be refused, said while it is typed (and kept from the browser's submit); null
   * once it is fine, undefined until it is edited after the last answer (whose error then stands).
   */
  const [typedProblem, setTypedProblem] = useState<string | null | undefined>(undefined);
  useEffect(() => setTypedProblem(undefined), [trigger]);
  /**
   * A field's error, under it: the page message says it too, but hides after a few seconds (docs/product.md §9),
   * and the reason must stay beside the field.
   */
  const errorOf = (name: string) => ({ error: errors[name] });
  const usernameError = typedProblem === undefined ? errors.username : (typedProblem ?? undefined);
  const onUsernameInput = (event: React.FormEvent<HTMLInputElement>) => {
    USERNAME_INPUT.onInput(event);
    const problem = usernameCharacterProblem(event.currentTarget.value);
    event.currentTarget.setCustomValidity(problem ?? "");
    setTypedProblem(problem);
  };
  return (
    <section className="page account-page">
      <h1>
        <span lang="otw">Wiijiiwe</span> <span className="muted">(Join)</span>
      </h1>
      {message ? (
        <TimedMessage
          kind="danger"
          trigger={trigger}
          hideAfterMs={serverError ? undefined : isPasswordMessage(message) ? MESSAGE_MS.password : MESSAGE_MS.join}
        >
          {message}
        </TimedMessage>
      ) : null}
      <Form method="post" className="account-form">
        <Field
          id="username"
          label="Username"
          {...USERNAME_INPUT}
          minLength={3}
          maxLength={USERNAME_MAX}
          defaultValue={values.username}
          hint={USERNAME_RULES}
          hintId="username-rules"
          onInput={onUsernameInput}
          error={usernameError}
        />
        <Field id="password" label="Password" {...NEW_PASSWORD_INPUT} hint={PASSWORD_RULES} hintId="password-rules" {...errorOf("password")} />
        <Field id="passwordRepeat" label="Retype password" {...NEW_PASSWORD_INPUT} {...errorOf("passwordRepeat")} />
        <Field id="email" label="Email" type="email" required maxLength={254} autoComplete="email" defaultValue={values.email} {...errorOf("email")} />
        <div className="decoy" aria-hidden="true">
          <label htmlFor="niijii">Leave this field empty</label>
          <input id="niijii" name="niijii" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <details className="intro-survey" open>
          <summary>Tell us about yourself (optional; close this to skip it)</summary>
          <div className="field">
            <label htmlFor="realName">Your name</label>
            <input id="realName" name="realName" type="text" maxLength={100} autoComplete="name" defaultValue={values.realName} />
          </div>
          <div className="field">
            <label htmlFor="age">Age</label>
            <select id="age" name="age" defaultValue={values.age ?? ""}>
              <option value="">Prefer not to say</option>
              {AGE_OPTIONS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="fluency">How much Nishnaabemwin do you know?</label>
            <select id="fluency" name="fluency" defaultValue={values.fluency ?? ""}>
              <option value="">Prefer not to say</option>
              {FLUENCY_OPTIONS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="fluencyComment">About your fluency (optional)</label>
            <textarea id="fluencyComment" name="fluencyComment" maxLength={1000} rows={2} defaultValue={values.fluencyComment} />
          </div>
          <div className="field">
            <label htmlFor="tribe">Community or nation</label>
            <select id="tribe" name="tribe" defaultValue={values.tribe ?? ""}>
              <option value="">None / prefer not to say</option>
              {TRIBE_OPTIONS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="tribeComment">About your community (optional)</label>
            <textarea id="tribeComment" name="tribeComment" maxLength={1000} rows={2} defaultValue={values.tribeComment} />
          </div>
        </details>
        <p>
          <button type="submit" className="button button-primary" disabled={busy}>
            Join
          </button>
        </p>
      </Form>
      <p>
        Already have an account? <Link to="/biindge">Log in</Link>
      </p>
    </section>
  );
}

export default function Wiijiiwe({ actionData }: Route.ComponentProps) {
  return (
    <JoinForm
      message={actionData?.message}
      errors={actionData?.errors}
      values={actionData?.values}
      serverError={actionData && "serverError" in actionData}
      trigger={actionData}
    />
  );
}

/** The call failed: docs/product.md §8 'Error contacting the server!'. */
export function ErrorBoundary() {
  return <JoinForm message={MESSAGES.joinServerError} serverError />;
}
