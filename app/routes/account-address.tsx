/**
 * /niin/address?code=: the link that proves an account's email address (sent from /niin). A GET only looks at the
 * link and shows a button (mail scanners follow links, so they must not confirm on the reader's behalf); the button
 * POSTs, uses the code once and goes back to /niin. No session is needed: the link itself is the proof, and it only
 * ever marks the address of the account it was sent for.
 */
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/account-address";
import { getBindings } from "../context";
import { isAddressProofLive, proveAddress } from "../services/account-page.server";
import { MESSAGES } from "../utils/account-messages";
import { SITE_DESCRIPTION } from "../utils/meta";

export const meta: Route.MetaFunction = () => [
  SITE_DESCRIPTION,
  { title: "Confirm your email address | Nishnaabemwin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const code = new URL(request.url).searchParams.get("code") ?? "";
  return { code, live: await isAddressProofLive(getBindings(context).db, code) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const code = form.get("code");
  if (await proveAddress(getBindings(context).db, typeof code === "string" ? code : null)) throw redirect("/niin?address=confirmed");
  return { invalid: true };
}

export default function NiinAddress({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const live = loaderData.live && !actionData?.invalid;
  return (
    <section className="page">
      <h1>Confirm your email address</h1>
      {live ? (
        <Form method="post" className="confirm-form">
          <p>Press the button to confirm that this is the address of your account.</p>
          <input type="hidden" name="code" value={loaderData.code} />
          <button type="submit" className="button button-primary" disabled={navigation.state === "submitting"}>
            Confirm my address
          </button>
        </Form>
      ) : (
        <div className="alert alert-danger" role="alert">
          <p>{MESSAGES.addressProofInvalid}</p>
        </div>
      )}
      <p>
        <Link to="/niin">Your account</Link>
      </p>
    </section>
  );
}
