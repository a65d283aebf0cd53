import { data, Form, Link, useNavigation } from "react-router";
import { Field, NEW_PASSWORD_INPUT, PASSWORD_RULES } from "../components/field";
import { TimedMessage } from "../components/timed-message";
import { getBindings } from "../context";
import { MESSAGE_MS, MESSAGES } from "../utils/account-messages";
import { isResetCodeLive, restoreAccess } from "../services/account-access.server";
import { serverOrMessage, skipRevalidationWhenUnreachable } from "../utils/client-action";
import { requireAnonymous } from "../services/session.server";
import type { Route } from "./+types/restore-access";
import { SITE_DESCRIPTION } from "../utils/meta";

export const shouldRevalidate = skipRevalidationWhenUnreachable;

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, { title: "Restore access | Nishnaabemwin" }];

/** docs/product.md §5: no code, or a used/expired/unknown one, is the invalid-code state. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, db } = getBindings(context);
  await requireAnonymous(request, config, db);
  const code = new URL(request.url).searchParams.get("code");
  return { code: code ?? "", live: await isResetCodeLive(db, code) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const code = String(form.get("code") ?? "") || new URL(request.url).searchParams.get("code");
  const result = await restoreAccess(getBindings(context), code, {
    password: String(form.get("password") ?? ""),
    passwordRepeat: String(form.get("passwordRepeat") ?? ""),
  });
  if (result.status === "ok") return { status: "ok" as const, message: result.message, errors: {} as Record<string, string> };
  if (result.status === "invalid-code") {
    return data({ status: "invalid-code" as const, message: result.message, errors: {} as Record<string, string> }, { status: 400 });
  }
  return data({ status: "invalid" as const, message: result.message, errors: result.errors }, { status: 400 });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return serverOrMessage(serverAction, { status: "error" as const, message: MESSAGES.restoreServiceError, errors: {} as Record<string, string> });
}

function ServiceError() {
  return (
    <div className="alert alert-danger" role="alert">
      There was an error using the restore service. Please <Link to="/contact">contact us</Link>.
    </div>
  );
}

function InvalidCode() {
  return (
    <div className="alert alert-warning" role="alert">
      <p>{MESSAGES.restoreInvalidCode}</p>
      <p>
        <Link to="/forgot">Request a new reset link</Link>
      </p>
    </div>
  );
}

export default function Restore({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors: Record<string, string> = actionData?.errors ?? {};
  let body: React.ReactNode;
  if (actionData?.status === "error") {
    body = <ServiceError />;
  } else if (actionData?.status === "ok") {
    body = (
      <div className="alert alert-success" role="status">
        <p>{MESSAGES.restoreDone}</p>
        <p>
          <Link to="/biindge">Log in</Link>
        </p>
      </div>
    );
  } else if (actionData?.status === "invalid-code" || !loaderData.live) {
    body = <InvalidCode />;
  } else {
    body = (
      <>
        {actionData?.message ? (
          <TimedMessage kind="danger" trigger={actionData} hideAfterMs={MESSAGE_MS.restore}>
            {actionData.message}
          </TimedMessage>
        ) : null}
        <p>Choose a new password for your account.</p>
        <Form method="post" className="account-form">
          <input type="hidden" name="code" value={loaderData.code} />
          <Field id="password" label="New password" {...NEW_PASSWORD_INPUT} hint={PASSWORD_RULES} hintId="password-rules" invalid={Boolean(errors.password)} />
          <Field id="passwordRepeat" label="Retype password" {...NEW_PASSWORD_INPUT} invalid={Boolean(errors.passwordRepeat)} />
          <p>
            <button type="submit" className="button button-primary" disabled={busy}>
              Change password
            </button>
          </p>
        </Form>
      </>
    );
  }
  return (
    <section className="page account-page">
      <h1>Restore access</h1>
      {body}
    </section>
  );
}

/** The call failed: docs/product.md §8 restore service error. */
export function ErrorBoundary() {
  return (
    <section className="page account-page">
      <h1>Restore access</h1>
      <ServiceError />
    </section>
  );
}
