/**
 * Log out: POST (the button on /niin, or the one on this page). Bumps the session version, so every session of
 * the user ends (all devices). A GET never logs out (link previews and prefetches follow links): it shows a page
 * with one button that posts here.
 */
import { Form, redirect } from "react-router";
import { getBindings } from "../context";
import { getUser } from "../middleware/guard.server";
import { logOut } from "../services/account-access.server";
import { clearSessionCookie } from "../services/session.server";
import { SITE_DESCRIPTION } from "../utils/meta";
import type { Route } from "./+types/log-out";

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, { title: "Log out | Nishnaabemwin" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = await getUser(context);
  return { username: user?.username ?? null };
}

export async function action({ context }: Route.ActionArgs) {
  const user = await getUser(context);
  if (user) await logOut(getBindings(context).db, user.id);
  // The home page says so (?bye=logout): a log-out must not end silently.
  return redirect(user ? "/?bye=logout" : "/", { headers: { "Set-Cookie": clearSessionCookie(), "Cache-Control": "no-store" } });
}

export default function Logout({ loaderData }: Route.ComponentProps) {
  return (
    <section className="page">
      <h1>Log out</h1>
      {loaderData.username ? (
        <p>
          You are logged in as <strong>{loaderData.username}</strong>. Logging out ends your session on every device.
        </p>
      ) : (
        <p>You are not logged in.</p>
      )}
      <Form method="post" action="/logout" reloadDocument>
        <button type="submit" className="button">
          Log out
        </button>
      </Form>
    </section>
  );
}
