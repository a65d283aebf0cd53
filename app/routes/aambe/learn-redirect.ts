import { redirect } from "react-router";

/** /aambe/learn has no page of its own (SPEC): it redirects to /aambe. */
export function loader() {
  return redirect("/aambe");
}
