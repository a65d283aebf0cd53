/**
 * /admin (docs/product.md §2): a test page for admins only — Generate ID (4 characters of the Crockford base-32
 * alphabet from the CSPRNG, made on the server so it also works without JavaScript) and a recorder with
 * the word 'test' that posts to /api/upload-audio — and the state of the stored search data (ADR 034).
 */
import { Form, Link } from "react-router";
import { searchDataState, type SearchDataState } from "../../db/queries/search-data";
import { getBindings } from "../context";
import { AdminRecorder } from "../components/editor/admin-recorder";
import { requireRole } from "../middleware/guard.server";
import type { Route } from "./+types/admin";
import { SITE_DESCRIPTION } from "../utils/meta";
import editorCss from "../styles/editor.css?url";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const ADMIN_ID_LENGTH = 4;

/** 256 is a multiple of 32, so `byte & 31` is uniform. */
function generateId(length = ADMIN_ID_LENGTH) {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => CROCKFORD[b & 31]).join("");
}

/** Admins only, for the page and its action (rendered 401/403 below). */
export const middleware: Route.MiddlewareFunction[] = [requireRole("admin")];

export async function loader({ context }: Route.LoaderArgs) {
  return { searchData: await searchDataState(getBindings(context).db) };
}

export function action() {
  return { id: generateId() };
}

/** The editor's and admin's own stylesheet: no public page carries it (styles/editor.css). */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: editorCss }];

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, { title: "Admin | Nishnaabemwin" }, { name: "robots", content: "noindex" }];

/** A stored time (ms) as the admin reads it, or "never". */
function when(ms: number | null): string {
  return ms === null ? "never" : `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

function SearchData({ state }: { state: SearchDataState }) {
  const current = state.version === state.codeVersion;
  return (
    <section aria-labelledby="search-data-heading" className="admin-search-data">
      <h2 id="search-data-heading">Search data</h2>
      <dl>
        <dt>Version</dt>
        <dd>{current ? `${state.codeVersion} (the site's)` : `${state.version ?? "none"}: being made again for version ${state.codeVersion}`}</dd>
        <dt>Entries waiting for their search keys</dt>
        <dd>{state.pending === 0 ? "None" : state.pending.toLocaleString("en-US")}</dd>
        <dt>Version last changed</dt>
        <dd>{when(state.rederivedAt)}</dd>
        <dt>Search keys last written</dt>
        <dd>{when(state.indexedAt)}</dd>
      </dl>
      {state.pending > 0 || !current ? (
        <p className="muted">
          Until no entry is waiting, search reads the whole dictionary (slower, never wrong). The site writes the keys by itself every few minutes;{" "}
          <code>npm run import -- index --remote</code> writes them at once.
        </p>
      ) : null}
    </section>
  );
}

export default function Admin({ actionData, loaderData }: Route.ComponentProps) {
  return (
    <section className="page admin-page">
      <h1>Admin</h1>
      <p>
        <Link to="/admin/import">Import a dictionary or stems file</Link>
      </p>
      <Form method="post" className="editor-filter">
        <button type="submit" className="button button-primary">
          Generate ID
        </button>
        <output aria-live="polite" className="admin-id" aria-label="Generated ID">
          {actionData?.id ?? ""}
        </output>
      </Form>
      <AdminRecorder word="test" />
      <noscript>
        <p className="muted">Recording needs JavaScript.</p>
      </noscript>
      <SearchData state={loaderData.searchData} />
    </section>
  );
}
