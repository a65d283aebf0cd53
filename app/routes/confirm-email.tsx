import { Link } from "react-router";
import type { Route } from "./+types/confirm-email";
import { getBindings } from "../context";
import { CONFIRM_TEXT } from "../utils/email-texts";
import { confirmEmail } from "../services/wotd.server";
import { SITE_DESCRIPTION } from "../utils/meta";

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, 
  { title: "Confirm email | Nishnaabemwin" },
  { name: "robots", content: "noindex" },
];

/**
 * /confirm-email?t=: the link in the double opt-in email confirms the subscription (docs/product.md §4: invalid,
 * error or confirmed). Using a used or expired link again shows 'invalid' and changes nothing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("t");
  if (!token) return { state: "invalid" as const };
  try {
    return { state: (await confirmEmail(getBindings(context).db, token)) ? ("confirmed" as const) : ("invalid" as const) };
  } catch (error) {
    console.error("confirm-email-failed", { error: String(error) });
    return { state: "error" as const };
  }
}

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  return (
    <section className="page">
      <h1>Confirm email</h1>
      {loaderData.state === "confirmed" ? (
        <div className="alert alert-success" role="status">
          <p>{CONFIRM_TEXT.success}</p>
          <p>The Nishnaabemwin Word of the Day will arrive every morning. Miigwech!</p>
        </div>
      ) : loaderData.state === "invalid" ? (
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
