import { data, Form, Link, useNavigation } from "react-router";
import { Field, USERNAME_INPUT } from "../components/field";
import { TimedMessage } from "../components/timed-message";
import { getBindings } from "../context";
import { MESSAGES, USERNAME_MAX } from "../utils/account-messages";
import { requestPasswordReset } from "../services/account-access.server";
import { passRetryAfter } from "../services/rate-limit.server";
import { serverOrMessage, skipRevalidationWhenUnreachable } from "../utils/client-action";
import { requireAnonymous } from "../services/session.server";
import type { Route } from "./+types/forgot-password";
import { SITE_DESCRIPTION } from "../utils/meta";

export const shouldRevalidate = skipRevalidationWhenUnreachable;

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, { title: "Forgot your password? | Nishnaabemwin" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, db } = getBindings(context);
  await requireAnonymous(request, config, db);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = { username: String(form.get("username") ?? ""), email: String(form.get("email") ?? "") };
  const result = await requestPasswordReset(getBindings(context), request, values);
  if (result.status === "done") return { status: "done" as const, message: result.message, errors: {}, values };
  if (result.status === "limited") {
    return data(
      { status: "limited" as const, message: result.message, errors: {}, values },
      { status: 429, headers: { "Retry-After": String(result.retryAfter) } },
    );
  }
  return data({ status: "invalid" as const, message: result.message, errors: result.errors, values }, { status: 400 });
}

/** 429 answers keep their Retry-After on the document response too. */
export const headers = passRetryAfter;

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return serverOrMessage(serverAction, { status: "error" as const, message: MESSAGES.restoreServiceError, errors: {}, values: undefined });
}

function ForgotForm({
  message,
  done,
  errors = {},
  values,
  trigger,
}: {
  message?: string;
  done?: boolean;
  errors?: Record<string, string>;
  values?: { username: string; email: string };
  trigger?: unknown;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="page account-page">
      <h1>Forgot your password?</h1>
      {message ? (
        <TimedMessage kind={done ? "success" : "danger"} trigger={trigger}>
          {message === MESSAGES.restoreServiceError ? (
            <>
              There was an error using the restore service. Please <Link to="/contact">contact us</Link>.
            </>
          ) : (
            message
          )}
        </TimedMessage>
      ) : null}
      {done ? (
        <p>
          <Link to="/biindge">Back to log in</Link>
        </p>
      ) : (
        <>
          <p>Enter your username and the email address of your account. We will send a link to choose a new password.</p>
          <Form method="post" className="account-form">
            <Field
              id="username"
              label="Username"
              {...USERNAME_INPUT}
              maxLength={USERNAME_MAX}
              defaultValue={values?.username}
              invalid={Boolean(errors.username)}
            />
            <Field
              id="email"
              label="Email"
              type="email"
              required
              maxLength={254}
              autoComplete="email"
              defaultValue={values?.email}
              invalid={Boolean(errors.email)}
            />
            <p>
              <button type="submit" className="button button-primary" disabled={busy}>
                Send reset link
              </button>
            </p>
          </Form>
        </>
      )}
    </section>
  );
}

export default function Forgot({ actionData }: Route.ComponentProps) {
  return (
    <ForgotForm
      message={actionData?.message}
      done={actionData?.status === "done"}
      errors={actionData?.errors}
      values={actionData?.values}
      trigger={actionData}
    />
  );
}

/** docs/product.md §8: the restore service failed. */
export function ErrorBoundary() {
  return <ForgotForm message={MESSAGES.restoreServiceError} />;
}
