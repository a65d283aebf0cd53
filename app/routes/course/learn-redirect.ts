import { redirect } from "react-router";

/** /aambe/learn has no page of its own (docs/product.md): it redirects to /aambe. */
export function loader() {
  return redirect("/aambe");
}
