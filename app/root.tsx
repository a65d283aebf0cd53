import { useEffect } from "react";
import { isRouteErrorResponse, Link, Links, Meta, Outlet, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { getBindings } from "./context";
import { publicConfig } from "./services/config.server";
import { getUser, requestGuard } from "./middleware/guard.server";
import { safeRedirect } from "./services/safe-redirect.server";
import { skipRevalidationWhenOffline } from "./utils/client-action";
import { useOffline, useReloadWhenOffline } from "./components/offline";
import { isRoleGate, RoleGate } from "./components/role-gate";
import { Navbar } from "./components/navbar";
import { PaintFirstScripts } from "./components/paint-first-scripts";
import { SiteLink, useSiteLinks } from "./components/site-link";
import { SiteCss } from "./components/site-css";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installable on a phone, and the course path, opened lessons and practice work offline (ADR 017).
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

/** Offline, or after an action that could not reach the server, keep the page instead of reloading its data (client-action.ts). */
export const shouldRevalidate = skipRevalidationWhenOffline;

/** Same-origin and form checks on every state change, and the session for the request (middleware/guard.server.ts). */
export const middleware: Route.MiddlewareFunction[] = [requestGuard];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config } = getBindings(context);
  const url = new URL(request.url);

  // Old Word of the Day emails linked with ?email=…: drop the address from the address bar. A GET never
  // writes, so nothing is logged; today's emails carry an opaque ?r= that the page posts to /click (below).
  // The path is the request's own: `//host/?email=` must not become `Location: //host/` (safeRedirect).
  if (url.searchParams.has("email")) {
    url.searchParams.delete("email");
    throw safeRedirect(url.pathname + url.search + url.hash);
  }

  const user = await getUser(context);
  const clickRef = url.searchParams.get("r");
  return {
    user: user && { username: user.username, usernameColor: user.usernameColor, role: user.role },
    clickRef: clickRef && clickRef.length <= 64 ? clickRef : null,
    config: publicConfig(config),
    year: new Date().getUTCFullYear(),
  };
}

function Footer({ pathname, siteName, year }: { pathname: string; siteName: string; year: number }) {
  const here = pathname.replace(/\/+$/, "") || "/";
  return (
    <footer className="footer">
      <p>
        © {year} {siteName}. The language data belongs to its sources and is shared for learning, never commercially: the forms under{" "}
        <a href="https://creativecommons.org/licenses/by-nc-sa/4.0/" rel="license">
          CC BY-NC-SA 4.0
        </a>
        .
      </p>
      <ul className="footer-links">
        {here !== "/about" ? (
          <li>
            <SiteLink to="/about">About and credits</SiteLink>
          </li>
        ) : null}
        {here !== "/signup-wotd" ? (
          <li>
            <SiteLink to="/signup-wotd">Word of the Day</SiteLink>
          </li>
        ) : null}
        {here !== "/contact" ? (
          <li>
            <SiteLink to="/contact">Contact</SiteLink>
          </li>
        ) : null}
        <li>
          <SiteLink to="/miinad">Donate</SiteLink>
        </li>
      </ul>
    </footer>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  const user = data?.user ?? null;
  const siteName = data?.config.siteName ?? "Nishnaabemwin";
  const chrome = !(user && /^\/wiiji\/?$/.test(pathname));
  // The chrome's links are plain anchors followed here, one listener for all (components/site-link.tsx).
  useSiteLinks();
  // Marks the document once React has hydrated (error pages too): browser tests wait for it before using
  // JavaScript-enhanced forms (before that, a click submits the plain HTML form).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1b1d36" />
        <Meta />
        <SiteCss />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {chrome ? <Navbar user={user} /> : null}
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        {chrome ? <Footer pathname={pathname} siteName={siteName} year={data?.year ?? new Date().getUTCFullYear()} /> : null}
        <ScrollRestoration />
        <PaintFirstScripts />
      </body>
    </html>
  );
}

/**
 * A Word of the Day link (`?r=<reference>`): post the click to /click once the page is shown, then take the
 * reference out of the address bar. Without JavaScript the click is simply not logged.
 */
function useEmailClick() {
  const data = useRouteLoaderData<typeof loader>("root");
  const ref = data?.clickRef;
  useEffect(() => {
    if (!ref) return;
    const url = new URL(window.location.href);
    const body = new URLSearchParams({ r: ref, page: url.pathname });
    navigator.sendBeacon("/click", body);
    url.searchParams.delete("r");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }, [ref]);
}

export default function App() {
  useEmailClick();
  useOffline(useRouteLoaderData<typeof loader>("root")?.user?.username ?? "");
  return <Outlet />;
}

export const meta: Route.MetaFunction = () => [
  { title: "Nishnaabemwin" },
  { name: "description", content: "Learn Nishnaabemwin (Odawa, Eastern Ojibwe): lessons, words with audio, stories and a verb conjugator." },
];

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A page opened without a connection whose data this browser did not keep (ADR 017).
  useReloadWhenOffline(error);
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound />;
  }
  if (isRoleGate(error)) {
    return <RoleGate status={error.status} role={error.data.requiredRole} />;
  }
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText || (typeof error.data === "string" ? error.data : "")}`.trim()
    : error instanceof Error
      ? error.message
      : "Unknown error";
  return (
    <section className="page error-page">
      <title>Error | Nishnaabemwin</title>
      <h1>Oops! Sorry, an unexpected error has occurred.</h1>
      <p className="error-detail">
        <code>{detail}</code>
      </p>
      <p>
        <Link to="/">Go home</Link>
      </p>
    </section>
  );
}

export function NotFound() {
  return (
    <section className="page error-page">
      <title>Page Not Found | Nishnaabemwin</title>
      <h1>404: Page Not Found</h1>
      <p>
        <Link to="/">Go home</Link>
      </p>
    </section>
  );
}
