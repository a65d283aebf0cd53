/** A verb cell named for learners, the one way every page and search result names it. Pure. */
import { PERSON_NAMES, type Cell } from "./grammar/cells";
import { orderLabel } from "./pos";

const FEATURE_NAMES = { prt: "preterit", dub: "dubitative (maybe)", dubprt: "preterit-dubitative (maybe … did)" } as const;

const PARTICIPLE_HEADS = { "3p": "those (3p)", "3'": "the one(s) (3', obviative)", "0p": "the things (0p)" } as const;

/** A verb cell in learner terms: "Independent, past gii-: I → you (sg)", "Conjunct, changed, participle: s/he". */
export function verbCellLabel(cell: Cell): string {
  const features: string[] = [];
  if (cell.preverbs?.length) features.push(`with ${cell.preverbs.map((p) => `${p}-`).join("")}`);
  if (cell.mode) features.push(FEATURE_NAMES[cell.mode]);
  if (cell.change) features.push("changed");
  if (cell.participle) features.push(`participle, naming ${PARTICIPLE_HEADS[cell.participle]}`);
  const people = `${PERSON_NAMES[cell.subject]}${cell.object ? ` → ${PERSON_NAMES[cell.object]}` : ""}`;
  return `${orderLabel(cell.order)}${features.length ? `, ${features.join(", ")}` : ""}: ${people}`;
}
