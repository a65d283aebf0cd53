import { isRouteErrorResponse } from "react-router";

/**
 * Calls a route's server action from its clientAction and turns a failed call (no network,
 * server error) into the page's own message instead of the error page (SPEC §8). Redirects and
 * 4xx answers pass through unchanged.
 */
export async function serverOrMessage<T, F>(serverAction: () => Promise<T>, fallback: F): Promise<T | F> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    if (isRouteErrorResponse(error) && error.status < 500) throw error;
    return fallback;
  }
}
