/**
 * HTML escaping for text put into HTML we build by hand (email bodies). Pure: no imports, so
 * services, workers and client code can share it. React escapes page text itself.
 */

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes the five characters that matter in HTML text and in quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
