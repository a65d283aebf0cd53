import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { getBindings } from "../context";
import { UNSUBSCRIBE_TEXT } from "../utils/email-texts";
import { unsubscribe, unsubscribeTokenState } from "../services/wotd.server";
import { SITE_DESCRIPTION } from "../utils/meta";

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, { title: "Unsubscribe | Nishnaabemwin" }, { name: "robots", content: "noindex" }];

/** What the page says of a token: its state, as unsubscribeTokenState gives it. */
const PAGE_STATE = { subscribed: "confirm", unsubscribed: "already", invalid: "invalid" } as const;

/**
 * GET only checks the token (mail scanners follow links): it never changes anything. A link whose subscription has
 * already ended says so instead of asking again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("t");
  if (!token) return { state: "invalid" as const, token: "" };
  try {
    return { state: PAGE_STATE[await unsubscribeTokenState(getBindings(context).db, token)], token };
  } catch (error) {
    console.error("unsubscribe-verify-failed", { error: String(error) });
    return { state: "validation-error" as const, token };
  }
}

/** The button: POST with the token unsubscribes (sent again, e.g. from an older tab, it says it already has). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const raw = form.get("t") ?? new URL(request.url).searchParams.get("t");
  const token = typeof raw === "string" ? raw : "";
  try {
    const { db } = getBindings(context);
    const before = await unsubscribeTokenState(db, token);
    if (before !== "subscribed") return { state: PAGE_STATE[before] };
    return { state: (await unsubscribe(db, token)) ? ("success" as const) : ("invalid" as const) };
  } catch (error) {
    console.error("unsubscribe-failed", { error: String(error) });
    return { state: "error" as const };
  }
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const state = actionData?.state ?? loaderData.state;
  return (
    <section className="page">
      <h1>Unsubscribe</h1>
      {state === "confirm" ? (
        <Form method="post" className="unsubscribe-form">
          <p>Do you want to stop receiving the Nishnaabemwin Word of the Day emails?</p>
          <input type="hidden" name="t" value={loaderData.token} />
          <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
            Unsubscribe
          </button>
        </Form>
      ) : state === "success" || state === "already" ? (
        <div className="alert alert-success" role="status">
          <p>{state === "success" ? UNSUBSCRIBE_TEXT.success : UNSUBSCRIBE_TEXT.already}</p>
          <p>
            Changed your mind? <Link to="/signup-wotd">Subscribe again</Link>.
          </p>
        </div>
      ) : (
        <div className="alert alert-danger" role="alert">
          <p>{state === "invalid" ? UNSUBSCRIBE_TEXT.invalid : state === "validation-error" ? UNSUBSCRIBE_TEXT.validationError : UNSUBSCRIBE_TEXT.failure}</p>
          <p>
            <Link to="/contact">Contact us</Link>
          </p>
        </div>
      )}
    </section>
  );
}
