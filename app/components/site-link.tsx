/**
 * In-site links that need nothing of React Router's `<Link>` but the navigation (the chrome's wordmark, main
 * navigation and footer, which every page renders, and plain links of public pages): plain anchors, followed in the
 * page by one click listener on the document (`useSiteLinks`, mounted once in the root layout). A `<Link>` runs about
 * ten hooks per render (path resolution, the navigate function, prefetch and view-transition state); the chrome's
 * dozen were ~10% of an uncached page's server CPU (ADR 015a). The anchors carry `data-discover`, so React Router
 * still looks up their routes ahead of a click, as it does for its own links; without JavaScript they are ordinary
 * links. Links that prefetch, keep the scroll position or resolve a relative path stay `<Link>`.
 */
import { useEffect, type AnchorHTMLAttributes } from "react";
import { useNavigate } from "react-router";

type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: `/${string}` };

/** An in-site link of the chrome: `to` is an absolute path of this site. */
export function SiteLink({ to, ...rest }: SiteLinkProps) {
  return <a href={to} data-discover="true" {...rest} />;
}

/**
 * Whether `pathname` is the page of the link `to` or below it (React Router's `NavLink` rule; `end`: that page only),
 * for `aria-current` on the navigation.
 */
export function isCurrent(pathname: string, to: string, end = false): boolean {
  const here = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return here === to || (!end && to !== "/" && here.startsWith(`${to}/`));
}

/**
 * Follows a click on a `SiteLink` in the page (client-side navigation), as `<Link>` would: the primary button, no
 * modifier key, no other target or download, same origin, and not already handled by a React handler (React's own
 * listener on the document was added first, at hydration, so it has run).
 */
export function useSiteLinks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest("a") : null;
      if (!link || !link.hasAttribute("data-discover") || link.hasAttribute("download")) return;
      if ((link.target && link.target !== "_self") || link.origin !== window.location.origin) return;
      event.preventDefault();
      const to = link.pathname + link.search + link.hash;
      // The page already shown is replaced, not stacked again in the history (as `<Link>` does).
      const here = window.location.pathname + window.location.search + window.location.hash;
      void navigate(to, { replace: to === here });
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
