/**
 * A part of a page that the server writes as HTML and the browser never changes (app/components/kept-html.tsx; ADR
 * 015a, kept HTML). Client-safe: the loaders make it (app/context.ts, `keepHtml`) and the component shows it.
 * `html` is null in a document's own data: the HTML is already in the page, and is not sent a second time.
 */
export type KeptHtml = { id: string; html: string | null };
