import { Link } from "react-router";
import type { Route } from "./+types/wotd-signup";
import { WotdSignupForm } from "../components/wotd-signup-form";
import { getBindings } from "../context";
import { getUser } from "../middleware/guard.server";
import { findAccount } from "../../db/queries/users";
import { wotdSignupAction } from "../services/email-forms.server";
import { passRetryAfter } from "../services/rate-limit.server";

export const meta: Route.MetaFunction = () => [
  { title: "Word of the Day | Nishnaabemwin" },
  { name: "description", content: "Get one Nishnaabemwin word a day by email." },
];

/** A signed-in learner finds their own address filled in (their page is never cached: it has a user). */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await getUser(context);
  const account = user ? await findAccount(getBindings(context).db, user.id) : null;
  return { email: account?.email ?? null };
}

/** Every Word of the Day form posts here; the form says its source ('index-signup' on /, else 'wotd-signup'). */
export async function action({ request, context }: Route.ActionArgs) {
  return wotdSignupAction(request, getBindings(context), await request.formData(), "wotd-signup");
}

/** 429 answers keep their Retry-After on the document response too. */
export const headers = passRetryAfter;

export default function SignupWotd({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="page">
      <WotdSignupForm source="wotd-signup" result={actionData?.wotd} headingLevel={1} email={loaderData.email ?? undefined} />
      <p>
        We send a confirmation email first; nothing else arrives until you confirm. Every email has an unsubscribe link. <Link to="/wotd">See past words</Link>.
      </p>
    </section>
  );
}
