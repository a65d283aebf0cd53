import { safeRedirect } from "../../services/safe-redirect.server";
import type { Route } from "./+types/alias";

/** /editor and /editor/* are a clearer name for /DEV_editor (docs/product.md §2 keeps the old address). */
export function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const rest = params["*"] ? `/${params["*"]}` : "";
  return safeRedirect(`/DEV_editor${rest}${url.search}`, 302, "/DEV_editor");
}
