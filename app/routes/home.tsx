import { useSearchParams } from "react-router";
import { SiteLink } from "../components/site-link";
import type { Route } from "./+types/home";
import { WotdSignupForm } from "../components/wotd-signup-form";
import { getBindings } from "../context";
import { getUser } from "../middleware/guard.server";
import { findAccount } from "../../db/queries/users";
import { wotdSignupAction } from "../services/email-forms.server";
import { learnerHome, type LearnerHome } from "../services/learner-home.server";
import { passRetryAfter } from "../services/rate-limit.server";

export const meta: Route.MetaFunction = () => [
  { title: "Aanii! | Nishnaabemwin" },
  { name: "description", content: "Learn Nishnaabemwin (Odawa, Eastern Ojibwe) with lessons, words, stories and a verb conjugator." },
];

/**
 * A signed-in learner's next steps. A visitor's home page is the same for everyone (and cached: a signed-in request
 * never is, app/services/page-cache.server.ts).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const bindings = getBindings(context);
  const user = await getUser(context);
  if (!user) return { learner: null, email: null, username: null };
  const [learner, account] = await Promise.all([learnerHome(bindings, user.id), findAccount(bindings.db, user.id)]);
  return { learner, email: account?.email ?? null, username: user.username };
}

/**
 * The Word of the Day form of home pages served before its form posted to /signup-wotd (source 'index-signup'),
 * which a browser may still hold.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return wotdSignupAction(request, getBindings(context), await request.formData(), "index-signup");
}

/** 429 answers keep their Retry-After on the document response too. */
export const headers = passRetryAfter;

/** Joining lands here (JOINED_PATH in app/utils/account-messages.ts): the page says the account was created. */
const joinedMessage = (username: string) => `Your account “${username}” has been created. Welcome! Your practice is saved to your account from now on.`;

/** After log-out (/logout) and account deletion (/niin), the home page says what happened. */
const FAREWELL: Record<string, string> = {
  logout: "You are logged out, on every device. Your practice stays saved to your account for next time.",
  deleted: "Your account has been deleted, with its practice progress. Thank you for learning with us.",
};

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "12 reviews and 8 new cards due", "1 review due", "8 new cards due", "No cards due". */
function dueText(reviews: number, fresh: number) {
  if (reviews > 0 && fresh > 0) return `${count(reviews, "review", "reviews")} and ${count(fresh, "new card", "new cards")} due`;
  if (reviews > 0) return `${count(reviews, "review", "reviews")} due`;
  if (fresh > 0) return `${count(fresh, "new card", "new cards")} due`;
  return "No cards due";
}

/** New cards past the learner's new cards a day: "5 more new cards wait for another day (up to 20 new a day)." */
function waitingText(waiting: number, perDay: number) {
  return waiting > 0 ? `${count(waiting, "more new card waits", "more new cards wait")} for another day (up to ${perDay} new a day).` : "";
}

function NextSteps({ learner }: { learner: LearnerHome }) {
  const { next, deck, word, lessons } = learner;
  return (
    <div className="next-steps" data-testid="next-steps">
      <h2>Your next step</h2>
      <ul className="card-links">
        <li>
          {next ? (
            <SiteLink to={`/aambe/learn/${next.id}`} data-testid="next-lesson">
              <strong>{`${next.started || lessons.done > 0 ? "Continue the course" : "Start the course"}: lesson ${next.number}`}</strong>
              <span>{next.title}</span>
            </SiteLink>
          ) : (
            <SiteLink to="/aambe">
              <strong>Course done</strong>
              <span>{`You have finished all ${lessons.total} lessons. Keep them fresh with practice.`}</span>
            </SiteLink>
          )}
        </li>
        <li>
          <SiteLink to="/aambe/practice">
            <strong data-testid="home-due" data-reviews={deck.reviews} data-new={deck.fresh}>
              {dueText(deck.reviews, deck.fresh)}
            </strong>
            <span>
              {deck.cards === 0
                ? "Nothing to practise yet: finish a lesson and its forms come here."
                : deck.due === 0 && deck.waiting === 0
                  ? deck.cards === 1
                    ? "Your one card is done for now; it comes back when it is due."
                    : `All ${deck.cards} cards are done for now; each comes back when it is due.`
                  : [deck.due > 0 ? `Practise them now (${count(deck.cards, "card", "cards")} in all).` : "", waitingText(deck.waiting, deck.perDay)]
                      .filter(Boolean)
                      .join(" ")}
            </span>
          </SiteLink>
        </li>
        {word ? (
          <li>
            <SiteLink to={`/wotd/${word.day}`}>
              <strong>
                {word.today ? "Today’s word: " : "Word of the Day: "}
                <span lang="otw">{word.name}</span>
              </strong>
              <span>{word.gloss}</span>
            </SiteLink>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const { learner, email, username } = loaderData;
  const [params] = useSearchParams();
  const farewell = FAREWELL[params.get("bye") ?? ""];
  // Joining lands here (JOINED_PATH): said to the account's own session only, never to a visitor given the link.
  const joined = params.get("welcome") === "joined" && username ? joinedMessage(username) : null;
  return (
    <section className="page home">
      {farewell && !learner ? (
        <p className="alert alert-success" role="status" data-testid="farewell">
          {farewell}
        </p>
      ) : null}
      {joined ? (
        <p className="alert alert-success" role="status" data-testid="joined">
          {joined}
        </p>
      ) : null}
      <h1>
        <span lang="otw">Aanii!</span> Welcome to Nishnaabemwin
      </h1>
      <p className="lead">Learn Nishnaabemwin (Odawa, Eastern Ojibwe) at your own pace: verb lessons, words with audio, stories and a verb conjugator.</p>
      {learner ? (
        <NextSteps learner={learner} />
      ) : (
        <p>
          <SiteLink className="button button-primary" to="/aambe">
            Start learning
          </SiteLink>{" "}
          <SiteLink className="button" to="/wiijiiwe">
            Join to keep your progress
          </SiteLink>
        </p>
      )}
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
      <WotdSignupForm source="index-signup" result={actionData?.wotd} email={email ?? undefined} />
    </section>
  );
}
