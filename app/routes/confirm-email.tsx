import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/confirm-email";
import { getBindings } from "../context";
import { CONFIRM_TEXT, WOTD_TEXT } from "../utils/email-texts";
import { confirmationState, confirmEmail } from "../services/wotd.server";
import { SITE_DESCRIPTION } from "../utils/meta";

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, { title: "Confirm email | Nishnaabemwin" }, { name: "robots", content: "noindex" }];

/**
 * /confirm-email?t=: the link in the double opt-in email (docs/product.md §4: invalid, error or confirmed). A GET
 * only looks at the link and shows a Confirm button (mail scanners and link previews follow links, so they must
 * not confirm on the reader's behalf); the button POSTs and confirms. A used link says it is already confirmed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("t") ?? "";
  try {
    return { state: await confirmationState(getBindings(context).db, token), token };
  } catch (error) {
    console.error("confirm-email-check-failed", { error: String(error) });
    return { state: "error" as const, token };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const raw = form.get("t") ?? new URL(request.url).searchParams.get("t");
  try {
    return { state: await confirmEmail(getBindings(context).db, typeof raw === "string" ? raw : "") };
  } catch (error) {
    console.error("confirm-email-failed", { error: String(error) });
    return { state: "error" as const };
  }
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const state = actionData?.state ?? loaderData.state;
  return (
    <section className="page">
      <h1>Confirm email</h1>
      {state === "pending" ? (
        <Form method="post" className="confirm-form">
          <p>{CONFIRM_TEXT.prompt}</p>
          <input type="hidden" name="t" value={loaderData.token} />
          <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
            Confirm
          </button>
        </Form>
      ) : state === "confirmed" || state === "already-confirmed" ? (
        <div className="alert alert-success" role="status">
          <p>{state === "confirmed" ? CONFIRM_TEXT.success : CONFIRM_TEXT.already}</p>
          {/* docs/product.md §8's sign-up success, said once it is true: the address is confirmed. */}
          {state === "confirmed" ? <p>{WOTD_TEXT.success}</p> : null}
          <p>The Nishnaabemwin Word of the Day will arrive every morning. Miigwech!</p>
        </div>
      ) : state === "invalid" ? (
        <div className="alert alert-danger" role="alert">
          <p>{CONFIRM_TEXT.invalid}</p>
          <p>
            <Link to="/signup-wotd">Sign up again</Link> or <Link to="/contact">contact us</Link>.
          </p>
        </div>
      ) : (
        <div className="alert alert-danger" role="alert">
          <p>{CONFIRM_TEXT.error}</p>
        </div>
      )}
      <p>
        <Link to="/">Go home</Link>
      </p>
    </section>
  );
}
