/**
 * The site header (docs/product.md §2 "Layout"): wordmark, word search, and the main navigation. On a phone the
 * header is one compact row (≤ 64 px) and the navigation opens from the Menu button: with JavaScript it is a
 * disclosure that keeps focus inside while open and closes on Escape; without JavaScript the button is a link to
 * /menu, a page with the same navigation. From about 60rem wide the links show in the header itself.
 * Editors also see "Editor" (/DEV_editor), admins also "Admin" (/admin).
 */
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { isCurrent, SiteLink } from "./site-link";
import { useHydrated } from "./use-hydrated";

export type NavUser = { username: string; usernameColor: string; role: "learner" | "editor" | "admin" } | null;

type NavItem = { to: `/${string}`; label: string; hint?: string; lang?: string; menuOnly?: boolean };

const NAV_LINKS: readonly NavItem[] = [
  { to: "/", label: "Endaayin", hint: "Home", lang: "otw" },
  { to: "/aambe", label: "Learn" },
  { to: "/wiij", label: "Chat" },
  { to: "/k", label: "Kidwinan", hint: "Words", lang: "otw" },
  { to: "/d", label: "Dbaajmownan", hint: "Stories", lang: "otw" },
  { to: "/conj", label: "Conjugator" },
  { to: "/miinad", label: "Donate" },
  // In the menu (the phone's panel and /menu), not in the wide header's row of the seven links above.
  { to: "/aambe/practice", label: "Practice", menuOnly: true },
  { to: "/paradigms", label: "Paradigms", menuOnly: true },
];

/** The links a user sees: the seven of docs/product.md §2, Practice and Paradigms in the menu, the tools of their role. */
export function navLinksFor(user: NavUser): readonly NavItem[] {
  if (!user || user.role === "learner") return NAV_LINKS;
  const tools: NavItem[] = [{ to: "/DEV_editor", label: "Editor" }];
  if (user.role === "admin") tools.push({ to: "/admin", label: "Admin" });
  return [...NAV_LINKS, ...tools];
}

/** The beadwork flower of the wordmark: four petals and a centre bead (decorative). */
export function BeadMark({ size = 28 }: { size?: number }) {
  return (
    <svg className="bead-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <g className="bead-petals">
        <ellipse cx="16" cy="7.5" rx="4.2" ry="6.5" />
        <ellipse cx="16" cy="24.5" rx="4.2" ry="6.5" />
        <ellipse cx="7.5" cy="16" rx="6.5" ry="4.2" />
        <ellipse cx="24.5" cy="16" rx="6.5" ry="4.2" />
      </g>
      <circle className="bead-centre" cx="16" cy="16" r="3.6" />
    </svg>
  );
}

/** Pages a log-in should not come back to (the account pages themselves, and the no-JavaScript menu). */
const NO_RETURN = /^(biindge|wiijiiwe|forgot|restore|logout|niin|menu)(\/|\?|$)/;

/**
 * The log-in link of this page: /biindge?from=<this page> (docs/product.md §2: the path without its leading slash),
 * so that logging in returns the visitor to where they were; /biindge from the account pages themselves.
 */
export function logInHref(pathname: string, search: string): `/${string}` {
  const here = `${pathname}${search}`.replace(/^\/+/, "");
  return here && !NO_RETURN.test(here) ? `/biindge?from=${encodeURIComponent(here)}` : "/biindge";
}

/** Signed in: the user's page. A visitor: log in (and come back here), or join (one step from the menu to the sign-up form). */
function UserLink({ user }: { user: NavUser }) {
  const { pathname, search } = useLocation();
  return user ? (
    <SiteLink to="/niin" className="user-link">
      <span className="color-dot" style={{ backgroundColor: user.usernameColor }} aria-hidden="true" />
      {user.username}
    </SiteLink>
  ) : (
    <>
      <SiteLink to={logInHref(pathname, search)} className="user-link">
        <span lang="otw">Biindge</span>
        <span className="nav-hint">Enter</span>
      </SiteLink>
      <SiteLink to="/wiijiiwe" className="user-link join-link">
        <span>Join</span>
        <span className="nav-hint" lang="otw">
          Wiijiiwe
        </span>
      </SiteLink>
    </>
  );
}

/** The navigation list, shared by the header and the /menu page. */
export function NavList({ user, label = "Main" }: { user: NavUser; label?: string }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label} className="site-nav">
      <ul className="navbar-links">
        {navLinksFor(user).map((link) => {
          const current = isCurrent(pathname, link.to);
          return (
            <li key={link.to} className={link.menuOnly ? "nav-menu-only" : undefined}>
              <SiteLink to={link.to} className={current ? "active" : undefined} aria-current={current ? "page" : undefined}>
                <span lang={link.lang}>{link.label}</span>
                {link.hint ? <span className="nav-hint">{link.hint}</span> : null}
              </SiteLink>
            </li>
          );
        })}
      </ul>
      <div className="navbar-user">
        <UserLink user={user} />
      </div>
    </nav>
  );
}

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled])";

export function Navbar({ user }: { user: NavUser }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  // A followed link closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>("a[href]")?.focus();
    const close = (event: MouseEvent) => {
      const header = button.current?.closest("header");
      if (header && !header.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("click", close);
    return () => document.removeEventListener("click", close);
  }, [open]);

  /** While open, Tab cycles through the Menu button and the links; Escape closes and returns to the button. */
  function onKeyDown(event: React.KeyboardEvent) {
    if (!open) return;
    if (event.key === "Escape") {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (event.key !== "Tab") return;
    const items = [button.current, ...(panel.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter((el): el is HTMLElement => Boolean(el));
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <header className="navbar" data-menu={open ? "open" : "closed"} onKeyDown={onKeyDown}>
      <div className="navbar-inner">
        <SiteLink to="/" className="wordmark" aria-label="Nishnaabemwin, home">
          <BeadMark />
          <span className="wordmark-text" aria-hidden="true">
            Nishnaabemwin
          </span>
        </SiteLink>
        <form method="get" action="/k" role="search" aria-label="Search words" className="navbar-search">
          <label htmlFor="navbar-q" className="visually-hidden">
            Search words (Odawa or English)
          </label>
          <input id="navbar-q" name="q" type="search" placeholder="Search words" maxLength={100} autoComplete="off" />
          <button type="submit">
            <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M13 13l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="search-label">Search</span>
          </button>
        </form>
        {hydrated ? (
          <button type="button" className="menu-button" aria-expanded={open} aria-controls="site-nav-panel" ref={button} onClick={() => setOpen((o) => !o)}>
            <MenuIcon open={open} />
            Menu
          </button>
        ) : (
          <a href="/menu" className="menu-button">
            <MenuIcon open={false} />
            Menu
          </a>
        )}
        <div className="nav-panel" id="site-nav-panel" ref={panel}>
          <NavList user={user} />
        </div>
      </div>
    </header>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      {open ? (
        <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      )}
    </svg>
  );
}
