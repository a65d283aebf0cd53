/**
 * /menu: the main navigation as a page. The header's Menu button links here when JavaScript is off (with
 * JavaScript the button opens the same links in place: app/components/navbar.tsx).
 */
import { useRouteLoaderData } from "react-router";
import { NavList } from "../components/navbar";
import type { loader as rootLoader } from "../root";
import type { Route } from "./+types/menu";
import { SITE_DESCRIPTION } from "../utils/meta";

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, { title: "Menu | Nishnaabemwin" }];

export default function Menu() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return (
    <section className="page menu-page">
      <h1>Menu</h1>
      <NavList user={root?.user ?? null} label="Site menu" />
    </section>
  );
}
