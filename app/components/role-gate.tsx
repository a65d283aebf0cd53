import { isRouteErrorResponse, Link, useLocation } from "react-router";

/** What `requireRole` (app/middleware/guard.server.ts) throws, as the error boundary receives it. */
export type RoleGateData = { requiredRole: "editor" | "admin" };

export function isRoleGate(error: unknown): error is { status: 401 | 403; data: RoleGateData } {
  return (
    isRouteErrorResponse(error) &&
    (error.status === 401 || error.status === 403) &&
    typeof error.data === "object" &&
    error.data !== null &&
    "requiredRole" in error.data
  );
}

/**
 * The page a visitor sees on the editor tool or /admin without the role: a login link that comes back
 * here (401), or a refusal (403). Rendered by the root error boundary, as middleware errors go there.
 */
export function RoleGate({ status, role }: { status: 401 | 403; role: RoleGateData["requiredRole"] }) {
  const { pathname, search } = useLocation();
  const heading = role === "admin" ? "Admin" : "Editor";
  if (status === 401) {
    const from = `${pathname}${search}`.replace(/^\/+/, "");
    return (
      <section className="page editor-gate">
        <title>{`${heading} | Nishnaabemwin`}</title>
        <h1>{heading}</h1>
        <p>
          <Link to={`/biindge?from=${encodeURIComponent(from)}`}>Log in</Link>
        </p>
      </section>
    );
  }
  return (
    <section className="page editor-gate">
      <title>{`${heading} | Nishnaabemwin`}</title>
      <h1>{heading}</h1>
      <p className="alert alert-warning">{`You are logged in, but your account does not have the ${role} role.`}</p>
    </section>
  );
}
