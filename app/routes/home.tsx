import { SiteLink } from "../components/site-link";
import type { Route } from "./+types/home";
import { WotdSignupForm } from "../components/wotd-signup-form";
import { getBindings } from "../context";
import { wotdSignupAction } from "../services/email-forms.server";
import { passRetryAfter } from "../services/rate-limit.server";

export const meta: Route.MetaFunction = () => [
  { title: "Aanii! | Nishnaabemwin" },
  { name: "description", content: "Learn Nishnaabemwin (Odawa, Eastern Ojibwe) with lessons, words, stories and a verb conjugator." },
];

/** The Word of the Day form on the home page (source 'index-signup'). */
export async function action({ request, context }: Route.ActionArgs) {
  return wotdSignupAction(request, getBindings(context), await request.formData(), "index-signup");
}

/** 429 answers keep their Retry-After on the document response too. */
export const headers = passRetryAfter;

export default function Home({ actionData }: Route.ComponentProps) {
  return (
    <section className="page home">
      <h1>
        <span lang="otw">Aanii!</span> Welcome to Nishnaabemwin
      </h1>
      <p className="lead">
        Learn Nishnaabemwin (Odawa, Eastern Ojibwe) at your own pace: verb lessons, words with audio, stories and a
        verb conjugator.
      </p>
      <p>
        <SiteLink className="button button-primary" to="/aambe">
          Start learning
        </SiteLink>
      </p>
      <h2>Explore</h2>
      <ul className="card-links">
        <li>
          <SiteLink to="/k/">
            <strong lang="otw">Kidwinan</strong>
            <span>Words, with glosses and audio</span>
          </SiteLink>
        </li>
        <li>
          <SiteLink to="/d/">
            <strong lang="otw">Dbaajmownan</strong>
            <span>Stories with translations</span>
          </SiteLink>
        </li>
        <li>
          <SiteLink to="/conj/">
            <strong>Conjugator</strong>
            <span>Odawa verb forms, step by step</span>
          </SiteLink>
        </li>
      </ul>
      <WotdSignupForm action="/?index" result={actionData?.wotd} />
    </section>
  );
}
