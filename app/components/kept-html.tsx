/**
 * Kept HTML (ADR 015a, kept HTML): a part of a page that is written on the server and never changes in the browser
 * (a word's table of forms) is rendered once per isolate as HTML and put in the page as it is. A document request
 * sends it once, in the page: its data carries only the part's id (app/context.ts, `keepHtml`), the server's render
 * gets the HTML through `KeptHtmlContext` (entry.server.tsx) and the browser keeps what the server wrote, as
 * `SiteCss` does. A client-side navigation's data carries the HTML itself. React does not hydrate inside an element
 * set with `dangerouslySetInnerHTML`: the part costs no hydration data, no hydration and no client JavaScript.
 * For a part the page always shows with its data (not one that a state of the page, such as a step, shows later
 * without a new data request): the browser has its HTML only from the page it was first written in.
 */
import { createContext, useContext, type ComponentProps } from "react";
import type { KeptHtml } from "../utils/kept-html";

/** On the server, the HTML of this request's kept parts by id; null in the browser. */
export const KeptHtmlContext = createContext<ReadonlyMap<string, string> | null>(null);

/** What the page itself holds for each part, read once per loader value (a re-render must not lose it). */
const written = new WeakMap<KeptHtml, string>();

function fromPage(kept: KeptHtml): string {
  if (typeof document === "undefined") return "";
  let html = written.get(kept);
  if (html === undefined) {
    html = document.querySelector(`[data-kept="${kept.id}"]`)?.innerHTML ?? "";
    written.set(kept, html);
  }
  return html;
}

export function KeptHtmlSection({ kept, ...props }: { kept: KeptHtml } & Omit<ComponentProps<"section">, "children" | "dangerouslySetInnerHTML">) {
  const fromServer = useContext(KeptHtmlContext);
  const html = kept.html ?? fromServer?.get(kept.id) ?? fromPage(kept);
  // The browser's copy of the HTML may be serialised differently from the server's string: same DOM, no warning.
  return <section {...props} data-kept={kept.id} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />;
}
