/**
 * /admin (docs/product.md §2): a test page for admins only — Generate ID (4 characters of the Crockford base-32
 * alphabet from the CSPRNG, made on the server so it also works without JavaScript) and a recorder with
 * the word 'test' that posts to /api/upload-audio.
 */
import { Form, Link } from "react-router";
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

export function loader() {
  return null;
}

export function action() {
  return { id: generateId() };
}

/** The editor's and admin's own stylesheet: no public page carries it (styles/editor.css). */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: editorCss }];

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, { title: "Admin | Nishnaabemwin" }, { name: "robots", content: "noindex" }];

export default function Admin({ actionData }: Route.ComponentProps) {
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
    </section>
  );
}
