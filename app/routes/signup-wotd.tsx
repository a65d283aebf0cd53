import { Link } from "react-router";
import type { Route } from "./+types/signup-wotd";
import { WotdSignupForm } from "../components/wotd-signup-form";
import { getBindings } from "../context";
import { wotdSignupAction } from "../services/email-forms.server";
import { passRetryAfter } from "../services/rate-limit.server";

export const meta: Route.MetaFunction = () => [
  { title: "Word of the Day | Nishnaabemwin" },
  { name: "description", content: "Get one Nishnaabemwin word a day by email." },
];

/** The sign-up page's form (source 'wotd-signup'). */
export async function action({ request, context }: Route.ActionArgs) {
  return wotdSignupAction(request, getBindings(context), await request.formData(), "wotd-signup");
}

/** 429 answers keep their Retry-After on the document response too. */
export const headers = passRetryAfter;

export default function SignupWotd({ actionData }: Route.ComponentProps) {
  return (
    <section className="page">
      <WotdSignupForm action="/signup-wotd" result={actionData?.wotd} headingLevel={1} />
      <p>
        We send a confirmation email first; nothing else arrives until you confirm. Every email has an unsubscribe
        link. <Link to="/wotd">See past words</Link>.
      </p>
    </section>
  );
}
