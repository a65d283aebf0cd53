/**
 * Scripts after the first paint (ADR 015): every page is whole HTML that works without JavaScript, so the client
 * JavaScript (React Router's module script and the modules it imports, ~125 KB) is fetched only once the page has
 * loaded and painted. On a phone on a slow connection the text comes first and nothing competes with the
 * document; forms submit as plain HTML until the page has hydrated (browser tests wait for `data-hydrated`).
 *
 * The module script stays in the page as `type="text/x-module"` (not run), and React Router's modulepreload links
 * are dropped (the module script's imports fetch the same files, after the paint; adding 27 preload links from
 * script cost more main-thread time than the requests they save). A small inline script with the page's nonce
 * turns the module script back into a running one after `load` and the next frame. It marks the document
 * `data-js="on"` at once (`"failed"` when a module cannot be fetched, e.g. offline: the page stays plain HTML), and
 * React marks it `data-hydrated` (root.tsx) when done: browser tests wait for that (tests/e2e/fixtures.ts).
 */

const INERT_MODULE = "text/x-module";

/** Runs in the browser. The nonce is read from the boot script itself (the CSP hides the attribute from the DOM). */
const BOOT = `(()=>{const n=document.currentScript.nonce;document.documentElement.dataset.js="on";const go=()=>{for(const o of document.querySelectorAll('script[type="${INERT_MODULE}"]')){const s=document.createElement("script");s.type="module";s.nonce=n;s.onerror=()=>{document.documentElement.dataset.js="failed"};s.textContent=o.textContent;o.replaceWith(s)}};const later=()=>requestAnimationFrame(()=>setTimeout(go,0));document.readyState==="complete"?later():addEventListener("load",later,{once:true})})()`;

/** The page with its module script run after the first paint (a streaming rewrite; unchanged where HTMLRewriter is missing). */
export function scriptsAfterPaint(response: Response, nonce: string): Response {
  if (typeof HTMLRewriter === "undefined") return response;
  let booted = false;
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(link) {
        link.remove();
      },
    })
    .on('script[type="module"]', {
      element(script) {
        script.setAttribute("type", INERT_MODULE);
        script.removeAttribute("async");
        if (!booted) script.after(`<script nonce="${nonce}">${BOOT}</script>`, { html: true });
        booted = true;
      },
    })
    .transform(response);
}
