import { useEffect } from "react";
import { data, Form, useNavigation } from "react-router";
import { TimedMessage } from "../components/timed-message";
import { getBindings } from "../context";
import { setUsernameColor } from "../../db/queries/users";
import { ColorSchema } from "../utils/account-validation";
import { requireUser } from "../services/session.server";
import type { Route } from "./+types/niin";
import { SITE_DESCRIPTION } from "../utils/meta";

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, { title: "Niin (Me) | Nishnaabemwin" }];

/** docs/product.md §3: the colour is also kept in local storage under this key. */
const COLOR_STORAGE_KEY = "usernameColor";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, db } = getBindings(context);
  const user = await requireUser(request, env, db);
  return { username: user.username, usernameColor: user.usernameColor };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env, db } = getBindings(context);
  const user = await requireUser(request, env, db);
  const form = await request.formData();
  const parsed = ColorSchema.safeParse(form.get("usernameColor"));
  if (!parsed.success) return data({ ok: false, message: parsed.error.issues[0].message }, { status: 400 });
  await setUsernameColor(db, user.id, parsed.data);
  // The root loader revalidates after this action, so the navbar dot changes at once.
  return { ok: true, message: "Your colour is saved." };
}

export default function Niin({ loaderData, actionData }: Route.ComponentProps) {
  const { username, usernameColor } = loaderData;
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
      <h2>Username colour</h2>
      <p>Your name appears in this colour in the navigation bar.</p>
      {actionData ? (
        <TimedMessage kind={actionData.ok ? "success" : "danger"} trigger={actionData} hideAfterMs={3000}>
          {actionData.message}
        </TimedMessage>
      ) : null}
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
      <h2>Log out</h2>
      <p>Logging out ends your session on every device.</p>
      <Form method="post" action="/logout" reloadDocument>
        <button type="submit" className="button">
          Log out
        </button>
      </Form>
    </section>
  );
}
