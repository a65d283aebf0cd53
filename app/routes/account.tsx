/**
 * /niin (docs/product.md §2): the signed-in learner's own page. Greeting, practice progress, Word of the Day
 * subscription of the account's email, username colour, password change, log out and account deletion. Every
 * change is a plain form post (field `intent`) that works without JavaScript.
 */
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Field, NEW_PASSWORD_INPUT, PASSWORD_RULES } from "../components/field";
import { TimedMessage } from "../components/timed-message";
import { getBindings } from "../context";
import { setUsernameColor } from "../../db/queries/users";
import { ColorSchema } from "../utils/account-validation";
// The texts from the zod-free module, so zod stays out of this page's client JavaScript.
import { MESSAGE_MS, MESSAGES } from "../utils/account-messages";
import { clearSessionCookie, requireUser } from "../services/session.server";
import { passRetryAfter } from "../services/rate-limit.server";
import {
  accountOverview,
  changePassword,
  saveNewCardsPerDay,
  deleteAccount,
  sendAddressProof,
  subscribeAccount,
  unsubscribeAccount,
} from "../services/account-page.server";
import type { Route } from "./+types/account";
import { SITE_DESCRIPTION } from "../utils/meta";
import { MAX_NEW_CARDS_PER_DAY } from "../utils/practice";

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, { title: "Niin (Me) | Nishnaabemwin" }];

/** docs/product.md §3: the colour is also kept in local storage under this key. */
const COLOR_STORAGE_KEY = "usernameColor";

const INTENTS = ["color", "new-cards", "address-proof", "wotd-subscribe", "wotd-unsubscribe", "password", "delete"] as const;
type Intent = (typeof INTENTS)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, db } = getBindings(context);
  const user = await requireUser(request, config, db);
  const overview = await accountOverview({ config, db }, user);
  const params = new URL(request.url).searchParams;
  const passwordChanged = params.get("password") === "changed";
  const addressProven = params.get("address") === "confirmed";
  return { username: user.username, usernameColor: user.usernameColor, passwordChanged, addressProven, ...overview };
}

/** An action's Retry-After (429) reaches the document response. */
export const headers = passRetryAfter;

type ActionResult = { intent: Intent; ok: boolean; message: string; errors?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const bindings = getBindings(context);
  const { config, db } = bindings;
  const user = await requireUser(request, config, db);
  const form = Object.fromEntries(await request.formData());
  // The colour form came first and posts no intent.
  const intent = INTENTS.find((i) => i === (form.intent ?? "color"));
  if (!intent) return data<ActionResult>({ intent: "color", ok: false, message: "Unknown action." }, { status: 400 });

  if (intent === "color") {
    const parsed = ColorSchema.safeParse(form.usernameColor);
    if (!parsed.success) return data<ActionResult>({ intent, ok: false, message: parsed.error.issues[0].message }, { status: 400 });
    await setUsernameColor(db, user.id, parsed.data);
    // The root loader revalidates after this action, so the navbar dot changes at once.
    return data<ActionResult>({ intent, ok: true, message: "Your colour is saved." });
  }

  const result =
    intent === "new-cards"
      ? await saveNewCardsPerDay(db, user, form.newCardsPerDay)
      : intent === "password"
        ? await changePassword(bindings, request, user, form)
        : intent === "delete"
          ? await deleteAccount(bindings, request, user, form)
          : intent === "address-proof"
            ? await sendAddressProof(bindings, user)
            : intent === "wotd-subscribe"
              ? await subscribeAccount(bindings, request, user)
              : await unsubscribeAccount(db, user);

  if (result.status === "limited") {
    return data<ActionResult>({ intent, ok: false, message: result.message }, { status: 429, headers: { "Retry-After": String(result.retryAfter) } });
  }
  if (result.status === "invalid") {
    return data<ActionResult>({ intent, ok: false, message: result.message, errors: result.errors }, { status: 400 });
  }
  // The home page confirms it (?bye=deleted).
  if (intent === "delete") throw redirect("/?bye=deleted", { headers: { "Set-Cookie": clearSessionCookie() } });
  // The old cookie no longer counts, so this page's loader could not run with it: come back with the new one.
  if (result.setCookie) throw redirect("/niin?password=changed", { headers: { "Set-Cookie": result.setCookie } });
  return data<ActionResult>({ intent, ok: true, message: result.message });
}

function Message({ result, intent }: { result: ActionResult | undefined; intent: Intent }) {
  if (!result || result.intent !== intent) return null;
  return (
    <TimedMessage kind={result.ok ? "success" : "danger"} trigger={result} hideAfterMs={result.ok ? MESSAGE_MS.password : undefined}>
      {result.message}
    </TimedMessage>
  );
}

const WOTD_STATUS = {
  unproven: "To see or change the Word of the Day for your email address here, first confirm that the address is yours.",
  none: "Your email address is not subscribed to the Word of the Day.",
  pending: "Waiting for your confirmation: open the email we sent you and press 'Confirm subscription'.",
  confirmed: "You receive the Word of the Day by email.",
  unsubscribed: "You have unsubscribed from the Word of the Day.",
} as const;

export default function Niin({ loaderData, actionData }: Route.ComponentProps) {
  const { username, usernameColor, email, progress, newCardsPerDay, wotd, passwordChanged, addressProven } = loaderData;
  const result =
    (actionData as ActionResult | undefined) ??
    (passwordChanged ? { intent: "password" as const, ok: true, message: MESSAGES.passwordChanged } : undefined) ??
    (addressProven ? { intent: "address-proof" as const, ok: true, message: MESSAGES.addressProven } : undefined);
  const errors = result?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  useEffect(() => {
    try {
      localStorage.setItem(COLOR_STORAGE_KEY, usernameColor);
    } catch {
      // Storage can be unavailable (private mode); the account keeps the colour anyway.
    }
  }, [usernameColor]);
  return (
    <section className="page account-page">
      <h1>
        <span lang="otw">Aanii</span>, {username}!
      </h1>

      <div className="account-section">
        <h2 id="progress-heading">Your progress</h2>
        {progress.cards === 0 ? (
          <p>No practice saved to your account yet. Practice while logged in and your progress is kept here.</p>
        ) : (
          <dl className="progress-facts">
            <div>
              <dt>Cards practised</dt>
              <dd>{progress.cards}</dd>
            </div>
            <div>
              <dt>Due for review</dt>
              <dd>{progress.due}</dd>
            </div>
            <div>
              <dt>Reviews</dt>
              <dd>{progress.reviews}</dd>
            </div>
            <div>
              <dt>Verb forms</dt>
              <dd>{progress.verbForms}</dd>
            </div>
            <div>
              <dt>Lessons done</dt>
              <dd data-testid="lessons-done">{`${progress.lessonsDone} of ${progress.lessonsTotal}`}</dd>
            </div>
          </dl>
        )}
        {progress.lessons.length > 0 ? (
          <p data-testid="lessons-practised">
            Lessons practised:{" "}
            {progress.lessons.map((lesson, i) => (
              <span key={lesson.id}>
                {i > 0 ? ", " : null}
                <Link to={`/aambe/learn/${lesson.id}`} title={lesson.title}>{`Lesson ${lesson.number}`}</Link>
                {lesson.done ? null : " (in progress)"}
              </span>
            ))}
            .
          </p>
        ) : null}
        <p>
          <Link to="/aambe/practice">Practise now</Link> · <Link to="/aambe">All lessons</Link>
        </p>
        <h3 id="new-cards">New cards a day</h3>
        <Message result={result} intent="new-cards" />
        <Form method="post" className="account-form" key={newCardsPerDay}>
          <input type="hidden" name="intent" value="new-cards" />
          <Field
            id="newCardsPerDay"
            label="New cards a day"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_NEW_CARDS_PER_DAY}
            step={1}
            required
            defaultValue={newCardsPerDay}
            hint="Practice brings in at most this many cards you have never practised in any 24 hours, so what is due stays manageable. Cards you have practised before come back when they are due, whatever this number."
            hintId="new-cards-hint"
            invalid={Boolean(errors.newCardsPerDay)}
          />
          <p>
            <button type="submit" className="button button-primary" disabled={busy}>
              Save
            </button>
          </p>
        </Form>
      </div>

      <div className="account-section">
        <h2 id="wotd-heading">Word of the Day</h2>
        <p>
          {WOTD_STATUS[wotd]} <span className="muted">({email})</span>
        </p>
        <Message result={result} intent="address-proof" />
        <Message result={result} intent="wotd-subscribe" />
        <Message result={result} intent="wotd-unsubscribe" />
        <Form method="post">
          {wotd === "unproven" ? (
            <button type="submit" name="intent" value="address-proof" className="button button-primary" disabled={busy}>
              Send me the link
            </button>
          ) : null}
          {wotd === "confirmed" || wotd === "pending" ? (
            <button type="submit" name="intent" value="wotd-unsubscribe" className="button" disabled={busy}>
              Unsubscribe
            </button>
          ) : null}{" "}
          {wotd !== "confirmed" && wotd !== "unproven" ? (
            <button type="submit" name="intent" value="wotd-subscribe" className="button button-primary" disabled={busy}>
              {wotd === "pending" ? "Send the confirmation again" : "Subscribe"}
            </button>
          ) : null}
        </Form>
      </div>

      <div className="account-section">
        <h2 id="colour-heading">Username colour</h2>
        <p>Your name appears in this colour in the navigation bar.</p>
        <Message result={result} intent="color" />
        <Form method="post" className="account-form color-form" key={usernameColor}>
          <div className="field field-inline">
            <label htmlFor="usernameColor">Colour</label>
            <input id="usernameColor" name="usernameColor" type="color" defaultValue={usernameColor} />
            <span className="color-preview">
              <span className="color-dot" style={{ backgroundColor: usernameColor }} aria-hidden="true" />
              <span>{username}</span>
            </span>
          </div>
          <p>
            <button type="submit" className="button button-primary" disabled={busy}>
              Save colour
            </button>
          </p>
        </Form>
      </div>

      <div className="account-section">
        <h2 id="password-heading">Change password</h2>
        <Message result={result} intent="password" />
        <Form method="post" className="account-form">
          <input type="hidden" name="intent" value="password" />
          <Field
            id="currentPassword"
            label="Current password"
            type="password"
            required
            maxLength={256}
            autoComplete="current-password"
            invalid={Boolean(errors.currentPassword)}
          />
          <Field id="password" label="New password" {...NEW_PASSWORD_INPUT} hint={PASSWORD_RULES} hintId="password-rules" invalid={Boolean(errors.password)} />
          <Field id="passwordRepeat" label="Retype new password" {...NEW_PASSWORD_INPUT} invalid={Boolean(errors.passwordRepeat)} />
          <p className="field-hint">Changing your password logs you out on every other device.</p>
          <p>
            <button type="submit" className="button button-primary" disabled={busy}>
              Change password
            </button>
          </p>
        </Form>
      </div>

      <div className="account-section">
        <h2 id="logout-heading">Log out</h2>
        <p>Logging out ends your session on every device.</p>
        <Form method="post" action="/logout" reloadDocument>
          <button type="submit" className="button">
            Log out
          </button>
        </Form>
      </div>

      <div className="account-section danger-zone">
        <h2 id="delete-heading">Delete account</h2>
        <p>
          This removes your account and your saved practice for good. Changes you made as an editor stay, without your name. A Word of the Day subscription is
          separate: unsubscribe above if you no longer want the emails.
        </p>
        <Message result={result} intent="delete" />
        <Form method="post" className="account-form">
          <input type="hidden" name="intent" value="delete" />
          <Field
            id="deletePassword"
            label="Your password, to confirm"
            type="password"
            required
            maxLength={256}
            autoComplete="current-password"
            invalid={Boolean(errors.deletePassword)}
          />
          <p>
            <button type="submit" className="button button-danger" disabled={busy}>
              Delete my account
            </button>
          </p>
        </Form>
      </div>
    </section>
  );
}
