/**
 * The site's stylesheet, written into the page's <head> instead of linked (ADR 015a): a phone on a slow connection
 * paints after one request, not two. The text is handed in on the server only (entry.server.tsx imports it, so it
 * is never part of the client JavaScript); in the browser the component keeps what the server wrote, so hydration
 * sees the same text.
 */
import { createContext, useContext } from "react";

export const SiteCssContext = createContext<string | null>(null);

const ID = "site-css";

export function SiteCss() {
  const fromServer = useContext(SiteCssContext);
  const css = fromServer ?? (typeof document === "undefined" ? "" : (document.getElementById(ID)?.textContent ?? ""));
  return <style id={ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
