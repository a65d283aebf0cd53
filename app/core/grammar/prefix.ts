/** Person prefixes of the independent order (ni-, gi-, o-), by class and cell. Pure. */
import type { Cell, VerbClass } from "./cells";

export type Prefix = "n" | "g" | "o" | null;
export const PREFIX_TEXT: Record<string, string> = { n: "ni", g: "gi", o: "o" };

export function prefixOf(cls: VerbClass, cell: Cell): Prefix {
  if (cell.order !== "ind" && cell.order !== "ind-neg") return null;
  const people = [cell.subject, cell.object];
  if (people.some((p) => p === "2s" || p === "2p" || p === "21")) return "g";
  if (people.some((p) => p === "1s" || p === "1p")) return "n";
  if ((cls === "vti" || cls === "vaio") && (cell.subject === "3s" || cell.subject === "3p")) return "o";
  if (cls === "vta" && cell.subject !== "x") return "o";
  return null;
}
