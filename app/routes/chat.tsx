import { Link } from "react-router";
import type { Route } from "./+types/chat";
import { SITE_DESCRIPTION } from "../utils/meta";

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, { title: "Chat | Nishnaabemwin" }];

export default function Wiij() {
  return (
    <section className="page">
      <h1>Chat</h1>
      <div className="alert alert-warning" role="status">
        <p>The fellow-natives chat is offline until further notice. A real-time chat may return in another form.</p>
        <p>
          In the meantime, try the <Link to="/conj">Conjugator</Link>, read the <Link to="/d">stories</Link> or browse the <Link to="/k">words</Link>.
        </p>
        <p className="muted">Effective 7/2/2025.</p>
      </div>
    </section>
  );
}
