import { useContext } from "react";
import { UNSAFE_FrameworkContext } from "react-router";

/**
 * Structured data as <script type="application/ld+json">, carrying the response's CSP nonce (entry.server.tsx hands
 * it to React Router, whose framework context holds it during the server render). `<` is escaped so the JSON cannot
 * close the script element.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = useContext(UNSAFE_FrameworkContext)?.nonce;
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}
