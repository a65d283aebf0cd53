/**
 * Server entry: streams the React tree and sets the security headers of every
 * HTML response, with a fresh CSP nonce per response passed to React Router
 * (ServerRouter hands it to <Links>, <Scripts>, <ScrollRestoration> and its own inline scripts).
 */
import { isbot } from "isbot";
// React's Node build, as React ships it, where the Workers condition would pick its edge build: it runs in workerd
// (`nodejs_compat`), and its writer encodes each string into one shared buffer (`encodeInto`) where the edge build
// makes a new byte array for every string it writes (ADR 019). The word page's kept HTML uses the same build, so the
// server bundle holds one renderer.
import { renderToReadableStream } from "react-dom/server.node";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { createNonce, securityHeaders } from "./services/security-headers.server";
import { SiteCssContext } from "./components/site-css";
import { KeptHtmlContext } from "./components/kept-html";
import { keptHtml } from "./context";
// The stylesheet as text, for the page's <head> (components/site-css.tsx); server bundle only.
import siteCss from "./app.css?inline";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = createNonce();
  for (const [name, value] of Object.entries(securityHeaders(nonce))) responseHeaders.set(name, value);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");
  const body = await renderToReadableStream(
    <SiteCssContext.Provider value={siteCss}>
      <KeptHtmlContext.Provider value={keptHtml(loadContext)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </KeptHtmlContext.Provider>
    </SiteCssContext.Provider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors during the shell render reject and are logged by React Router.
        if (shellRendered) console.error("ssr-stream-error", String(error));
      },
    },
  );
  shellRendered = true;

  // Bots and SPA-mode renders get the complete document.
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) {
    await body.allReady;
  }
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
