/**
 * Paint first, then hydrate (ADR 015a). Every page works without JavaScript and carries its stylesheet
 * inline, so its HTML alone can be painted. React Router's `<Scripts>` writes a boot module script whose imports, with
 * their `<link rel="modulepreload">` tags, fetch and run ~120 KB of JavaScript, which can land before the first paint
 * and delay it. Here, on the server, the module script is written inert (`type="text/x-module-after-paint"`), the
 * modulepreload links are left out, and a small nonced script after them puts both back once the browser reports
 * the page's first contentful paint. So the JavaScript is fetched and run right after the first paint, whatever
 * the connection. In the browser the component renders what `<Scripts>` renders (the module script the boot put
 * back) and keeps the boot script's text as the server wrote it, so hydration sees the same document.
 */
import { Fragment, cloneElement, createElement, isValidElement, type ReactNode } from "react";
import { Scripts, useLocation } from "react-router";

/** The type the held-back module script is written with (no browser runs it). */
export const HELD_MODULE_TYPE = "text/x-module-after-paint";
const BOOT_ID = "paint-first";
/**
 * The boot's check, on `window` for app/entry.client.tsx: true when the address is not the one the page was written
 * for and a reload is on its way (the client entry then does not hydrate).
 */
export const MOVED_CHECK = "__paintFirstMoved";

/**
 * The boot script's source: once the browser reports the first contentful paint (paint timing, in a task of its own
 * after the paint; without it, the frame after the first one), the modulepreload links and then the module script
 * itself (same text, same nonce) go back into the document. A hidden tab paints when it is shown; after 5 s the boot
 * runs anyway. No timer on the main path, so a page whose clock is paused (tests) still hydrates.
 * Until the page has hydrated, a move within its history (back or forward to an entry a client-side navigation made
 * in this document) reloads it: React Router would otherwise hydrate the new address with the old page's HTML and
 * data, and fail (found by tests/e2e/words.spec.ts, the word's forms through back and forward). The move can come
 * before this script listens (while the document loads), so the boot also compares the address with the one the
 * server wrote the page for (`here`, path and query) and reloads instead of hydrating another page's HTML; once per
 * address (sessionStorage), so an address the server answers differently can never loop. Offline, the service worker
 * may answer a learn address with the same page without its query (public/sw.js): that page hydrates as it is.
 * The client entry asks the same just before it hydrates (the move may come while the module loads), and until
 * the page has hydrated a history move reaches no other listener (React Router's would start a navigation under
 * the hydration): the page reloads instead.
 */
function bootScript(hrefs: string[], here: string): string {
  return (
    `(function(hrefs,here){var done=0;addEventListener("popstate",function(e){if(!document.documentElement.hasAttribute("data-hydrated")){e.stopImmediatePropagation();location.reload()}});` +
    `function moved(){if(location.pathname+location.search===here||navigator.onLine===false)return 0;try{if(sessionStorage.getItem("paint-first-reload")===location.href)return 0;sessionStorage.setItem("paint-first-reload",location.href)}catch(e){return 0}location.reload();return 1}` +
    `window.${MOVED_CHECK}=moved;function boot(){var d=document,held=d.querySelector('script[type="${HELD_MODULE_TYPE}"]');if(done||!held)return;done=1;if(moved())return;` +
    `hrefs.forEach(function(href){var l=d.createElement("link");l.rel="modulepreload";l.href=href;l.nonce=held.nonce;d.head.appendChild(l)});` +
    `var s=d.createElement("script");s.type="module";s.nonce=held.nonce;s.textContent=held.textContent;held.replaceWith(s)}` +
    `setTimeout(boot,5000);var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){` +
    `if(performance.getEntriesByName("first-contentful-paint").length)boot();` +
    `else new P(function(list,o){if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();boot()}}).observe({type:"paint",buffered:true})}` +
    `else requestAnimationFrame(function(){requestAnimationFrame(boot)})})(${safeJson(hrefs)},${safeJson(here)})`
  );
}

/** JSON for an inline script: no `<` (so no `</script>`), and no line or paragraph separators. */
function safeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function PaintFirstScripts() {
  // <Scripts>'s hooks run as this component's own (it is called, not rendered, so its output can be rewritten).
  const scripts = Scripts({});
  const { pathname, search } = useLocation();
  if (scripts === null) return null; // after hydration <Scripts> renders nothing
  if (typeof document !== "undefined") {
    const boot = document.getElementById(BOOT_ID);
    return (
      <>
        {scripts}
        <script id={BOOT_ID} nonce={boot?.nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: boot?.textContent ?? "" }} />
      </>
    );
  }
  const hrefs: string[] = [];
  let nonce: string | undefined;
  const hold = (node: ReactNode): ReactNode => {
    if (Array.isArray(node)) return node.map(hold);
    if (!isValidElement(node)) return node;
    const props = node.props as { rel?: string; href?: string; type?: string; nonce?: string; children?: ReactNode };
    if (node.type === "link" && props.rel === "modulepreload") {
      if (props.href) hrefs.push(props.href);
      return null;
    }
    if (node.type === "script" && props.type === "module") {
      nonce = props.nonce;
      return cloneElement(node as React.ReactElement<Record<string, unknown>>, { type: HELD_MODULE_TYPE, async: undefined });
    }
    // The children as they were written (not one array, which React would take for a list that needs keys).
    if (node.type === Fragment) return createElement(Fragment, { key: node.key }, ...[props.children].flat().map(hold));
    return node;
  };
  const held = hold(scripts);
  return (
    <>
      {held}
      <script id={BOOT_ID} nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: bootScript(hrefs, pathname + search) }} />
    </>
  );
}
