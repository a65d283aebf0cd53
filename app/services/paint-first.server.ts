/**
 * Paint first, then hydrate (ADR 015, session 16). Every page works without JavaScript and carries its stylesheet
 * inline, so its HTML alone can be painted. React Router's client boot (an inline module script whose imports, with
 * their `<link rel="modulepreload">` tags, fetch ~120 KB of JavaScript) is held back until the frame after the first
 * paint: the module script is written inert (`type="text/x-module-after-paint"`), its modulepreload links are left
 * out, and a small nonced script at the end of the body puts both back once the first contentful paint is reported.
 * So the JavaScript never delays the first paint, whatever the connection, and is fetched and run right after it;
 * the script tags keep this response's nonce (CSP 'strict-dynamic').
 */

/** The type the held-back module script is written with (no browser runs it). */
export const HELD_MODULE_TYPE = "text/x-module-after-paint";

/**
 * The boot script's source: once the browser reports the page's first contentful paint (paint timing, a task of its
 * own after the paint; in a browser without it, the frame after the first one), the modulepreload links and then the
 * module script itself (same text, same nonce) go back into the document. A hidden tab paints when it is shown; after
 * 5 s the boot runs anyway. No timer on the main path, so a page whose clock is paused (tests) still hydrates.
 */
function bootScript(hrefs: string[]): string {
  return `(function(hrefs){var done=0;function boot(){var d=document,held=d.querySelector('script[type="${HELD_MODULE_TYPE}"]');if(done||!held)return;done=1;`
    + `hrefs.forEach(function(href){var l=d.createElement("link");l.rel="modulepreload";l.href=href;l.nonce=held.nonce;d.head.appendChild(l)});`
    + `var s=d.createElement("script");s.type="module";s.nonce=held.nonce;s.textContent=held.textContent;held.replaceWith(s)}`
    + `setTimeout(boot,5000);var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){`
    + `if(performance.getEntriesByName("first-contentful-paint").length)boot();`
    + `else new P(function(list,o){if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();boot()}}).observe({type:"paint",buffered:true})}`
    + `else requestAnimationFrame(function(){requestAnimationFrame(boot)})})(${JSON.stringify(hrefs).replace(/</g, "\\u003c")})`;
}

/** The HTML response with React Router's client boot held back until after the first paint. */
export function paintFirst(response: Response, nonce: string): Response {
  const preloads: string[] = [];
  let held = false;
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(link) {
        const href = link.getAttribute("href");
        if (href) preloads.push(href);
        link.remove();
      },
    })
    .on('script[type="module"]', {
      element(script) {
        script.setAttribute("type", HELD_MODULE_TYPE);
        script.removeAttribute("async");
        held = true;
      },
    })
    .on("body", {
      element(body) {
        body.onEndTag((end) => {
          if (held) end.before(`<script nonce="${nonce}">${bootScript(preloads)}</script>`, { html: true });
        });
      },
    })
    .transform(response);
}
