import { data } from "react-router";
import { getBindings } from "../context";
import type { Route } from "./+types/test-error";

/**
 * Throws on purpose so tests can see the unexpected-error page (rendered by the
 * root ErrorBoundary). Outside production only: in production it is a 404.
 */
export function loader({ context }: Route.LoaderArgs) {
  if (getBindings(context).config.isProduction) {
    throw data(null, { status: 404 });
  }
  throw new Error("Forced test error");
}

export default function TestError() {
  return null;
}
