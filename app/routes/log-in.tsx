import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { Field, USERNAME_INPUT } from "../components/field";
import { TimedMessage } from "../components/timed-message";
import { getBindings } from "../context";
import { MESSAGES, safeFrom } from "../utils/account-messages";
import { logIn } from "../services/account-access.server";
import { passRetryAfter } from "../services/rate-limit.server";
import { safeRedirectDocument } from "../services/safe-redirect.server";
import { serverOrMessage, skipRevalidationWhenUnreachable } from "../utils/client-action";
import { requireAnonymous } from "../services/session.server";
import type { Route } from "./+types/log-in";
import { SITE_DESCRIPTION } from "../utils/meta";

export const shouldRevalidate = skipRevalidationWhenUnreachable;

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, { title: "Biindge (Log in) | Nishnaabemwin" }];

/** docs/product.md §2: signed in → /{from} (a path on this site only) or /. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, db } = getBindings(context);
  const from = new URL(request.url).searchParams.get("from");
  await requireAnonymous(request, config, db, safeFrom(from));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const username = String(form.get("username") ?? "");
  const result = await logIn(getBindings(context), request, { username, password: String(form.get("password") ?? "") });
  if (result.status === "ok") {
    // docs/product.md §4: a full page load of the destination.
    const headers = new Headers([
      ["Set-Cookie", result.setCookie],
      ["Set-Cookie", result.deviceCookie],
    ]);
    return safeRedirectDocument(safeFrom(String(form.get("from") ?? "")), { headers });
  }
  return data(
    { status: result.status, message: result.message, username: username.toLowerCase() },
    result.status === "limited" ? { status: 429, headers: { "Retry-After": String(result.retryAfter) } } : { status: 401 },
  );
}

/** 429 answers keep their Retry-After on the document response too. */
export const headers = passRetryAfter;

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return serverOrMessage(serverAction, { status: "error" as const, message: MESSAGES.loginServerError, username: undefined });
}

function LoginForm({ message, invalid, username, trigger }: { message?: string; invalid?: boolean; username?: string; trigger?: unknown }) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <section className="page account-page">
      <h1>
        <span lang="otw">Biindge</span> <span className="muted">(Log in)</span>
      </h1>
      {message ? (
        <TimedMessage kind="danger" trigger={trigger} id="login-message">
          {message}
        </TimedMessage>
      ) : null}
      <Form method="post" className="account-form" aria-describedby={message ? "login-message" : undefined}>
        <input type="hidden" name="from" value={params.get("from") ?? ""} />
        <Field id="username" label="Username" {...USERNAME_INPUT} maxLength={30} defaultValue={username} invalid={invalid} />
        <Field id="password" label="Password" type="password" required maxLength={256} autoComplete="current-password" invalid={invalid} />
        <p>
          <button type="submit" className="button button-primary" disabled={busy}>
            Log in
          </button>
        </p>
      </Form>
      <p>
        <Link to="/forgot">Forgot your password?</Link>
      </p>
      <p>
        New here?{" "}
        <Link to="/wiijiiwe" className="button">
          <span lang="otw">Wiijiiwe</span> (Join)
        </Link>
      </p>
    </section>
  );
}

export default function Biindge({ actionData }: Route.ComponentProps) {
  return <LoginForm message={actionData?.message} invalid={actionData?.status === "invalid"} username={actionData?.username} trigger={actionData} />;
}

/** The call failed (network or server): docs/product.md §8 'Error contacting server!'. */
export function ErrorBoundary() {
  return <LoginForm message={MESSAGES.loginServerError} />;
}
