import { isRouteErrorResponse, type ShouldRevalidateFunctionArgs } from "react-router";

/**
 * Calls a route's server action from its clientAction and turns a failed call (no network,
 * server error) into the page's own message instead of the error page (docs/product.md §8). Redirects and
 * 4xx answers pass through unchanged. The message is marked `serverUnreachable` so that
 * `skipRevalidationWhenUnreachable` does not send the loaders to the same unreachable server.
 */
export async function serverOrMessage<T, F extends object>(serverAction: () => Promise<T>, fallback: F): Promise<T | (F & { serverUnreachable: true })> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isRouteErrorResponse(error) && error.status < 500) throw error;
    return { ...fallback, serverUnreachable: true };
  }
}

/**
 * `shouldRevalidate` for the root and every route whose clientAction uses `serverOrMessage`: after an action
 * that could not reach the server, reloading the page data would fail the same way and replace the page's
 * 'Error contacting server!' with the error page; keep the page as it is instead.
 */
export function skipRevalidationWhenUnreachable({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult && typeof actionResult === "object" && "serverUnreachable" in actionResult) return false;
  return defaultShouldRevalidate;
}

/**
 * `shouldRevalidate` for the root: also keeps its data (who is signed in, the site's settings) while the browser
 * is offline, so a page that works offline (ADR 017) does not fail on the root's unreachable data.
 */
export function skipRevalidationWhenOffline(args: ShouldRevalidateFunctionArgs) {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return false;
  return skipRevalidationWhenUnreachable(args);
}
