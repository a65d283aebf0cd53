/**
 * /DEV_editor (issue #8; docs/product.md §2 "Editor tool"): the editor's frame. Without a session only a login link
 * shows (back here after login); a signed-in user without the editor role is told so. The footer holds the
 * user button that opens RANKS / WORDS / SENTENCES and close, and Previous / Next in rank view.
 * The editor role is required by this route's middleware, which runs before every child loader and action.
 */
import { useRef } from "react";
import { isRouteErrorResponse, Link, NavLink, Outlet, useLocation, useRouteLoaderData } from "react-router";
import { getRoleUser, requireRole } from "../../middleware/guard.server";
import { getBindings } from "../../context";
import { countOpenReports } from "../../services/reports.server";
import { EDITOR_BASE } from "../../components/editor/display";
import type { Route } from "./+types/layout";
import { SITE_DESCRIPTION } from "../../utils/meta";
import editorCss from "../../styles/editor.css?url";

/** The editor role for this page and every child route's loader and action (rendered 401/403 below). */
export const middleware: Route.MiddlewareFunction[] = [requireRole("editor")];

export async function loader({ context }: Route.LoaderArgs) {
  const user = await getRoleUser(context);
  const openReports = await countOpenReports(getBindings(context).db);
  return { user: { username: user.username, usernameColor: user.usernameColor, role: user.role }, openReports };
}

/** The editor's and admin's own stylesheet: no public page carries it (styles/editor.css). */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: editorCss }];

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, { title: "Editor | Nishnaabemwin" }, { name: "robots", content: "noindex" }];

type RankPaging = { page: number; lastPage: number; prevHref: string | null; nextHref: string | null };

const VIEWS = [
  { to: EDITOR_BASE, label: "RANKS" },
  { to: `${EDITOR_BASE}/words`, label: "WORDS" },
  { to: `${EDITOR_BASE}/sentences`, label: "SENTENCES" },
  { to: `${EDITOR_BASE}/reports`, label: "REPORTS" },
  { to: `${EDITOR_BASE}/stories`, label: "STORIES" },
  { to: `${EDITOR_BASE}/lessons`, label: "LESSONS" },
] as const;

function EditorFooter({ username, color, paging, openReports }: { username: string; color: string; paging: RankPaging | null; openReports: number }) {
  const { pathname } = useLocation();
  const here = pathname.replace(/\/+$/, "");
  const menu = useRef<HTMLDetailsElement>(null);
  return (
    <nav className="editor-footer" aria-label="Editor">
      <details className="editor-menu" ref={menu}>
        <summary className="button">
          <span className="color-dot" style={{ backgroundColor: color }} aria-hidden="true" /> {username}
          <span className="visually-hidden"> (editor menu)</span>
        </summary>
        <ul className="editor-menu-options">
          {VIEWS.map((view) => {
            // The dashboard count: open reports beside REPORTS.
            const label = view.label === "REPORTS" ? `REPORTS (${openReports} open)` : view.label;
            return (
              <li key={view.to}>
                {here === view.to ? (
                  <button type="button" className="button" disabled aria-current="page">
                    {label}
                  </button>
                ) : (
                  <Link className="button" to={view.to} onClick={() => menu.current?.removeAttribute("open")}>
                    {label}
                  </Link>
                )}
              </li>
            );
          })}
          <li>
            <button type="button" className="button" onClick={() => menu.current?.removeAttribute("open")}>
              Close
            </button>
          </li>
        </ul>
      </details>
      {paging ? (
        <div className="editor-paging">
          {paging.prevHref ? (
            <Link className="button" to={paging.prevHref} rel="prev">
              Previous
            </Link>
          ) : (
            <button type="button" className="button" disabled>
              Previous
            </button>
          )}
          <span>
            Page {paging.page} of {paging.lastPage}
          </span>
          {paging.nextHref ? (
            <Link className="button" to={paging.nextHref} rel="next">
              Next
            </Link>
          ) : (
            <button type="button" className="button" disabled>
              Next
            </button>
          )}
        </div>
      ) : null}
    </nav>
  );
}

const SECTIONS = [
  { to: EDITOR_BASE, label: "Ranks", end: true },
  { to: `${EDITOR_BASE}/words`, label: "Words", end: false },
  { to: `${EDITOR_BASE}/sentences`, label: "Sentences", end: false },
  { to: `${EDITOR_BASE}/counts`, label: "Counts", end: false },
  { to: `${EDITOR_BASE}/record`, label: "Record", end: false },
] as const;

/** The editor's own compact navigation at the top: its views, /admin for admins, and the way back to the site. */
function EditorNav({ role }: { role: string }) {
  return (
    <nav className="editor-nav" aria-label="Sections">
      <ul>
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink to={section.to} end={section.end}>
              {section.label}
            </NavLink>
          </li>
        ))}
        {role === "admin" ? (
          <li>
            <NavLink to="/admin">Admin</NavLink>
          </li>
        ) : null}
        <li className="editor-nav-back">
          <Link to="/">Back to the site</Link>
        </li>
      </ul>
    </nav>
  );
}

export default function EditorLayout({ loaderData }: Route.ComponentProps) {
  const ranks = useRouteLoaderData("routes/editor/ranks") as { paging?: RankPaging } | undefined;
  return (
    <div className="editor">
      <EditorNav role={loaderData.user.role} />
      <Outlet />
      <EditorFooter
        username={loaderData.user.username}
        color={loaderData.user.usernameColor}
        paging={ranks?.paging ?? null}
        openReports={loaderData.openReports}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <section className="page editor-gate">
        <h1>No form found!</h1>
        <p>
          <Link to={EDITOR_BASE}>Back to the ranks</Link>
        </p>
      </section>
    );
  }
  throw error;
}
