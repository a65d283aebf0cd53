/**
 * The import's report as text: what the database got, and what became of every line that is not simply an entry
 * (refused with its reason, merged into an earlier entry, a tag written another way, a column not imported).
 * The lists are shortened here (refused lines to the first 200, merged lines to 12; the rest counted) and given whole
 * by `lineReport`.
 */
import type { LexiconParse } from "./lexicon.ts";
import type { LexiconPlan } from "./plan.ts";
import type { StemsParse, StemsPlan } from "./stems.ts";
import type { LineNote } from "./table.ts";

const SHOWN = 12;

export function lineList(lines: readonly number[], max = SHOWN) {
  const shown = lines.slice(0, max).join(", ");
  return `line${lines.length === 1 ? "" : "s"} ${shown}${lines.length > max ? ` … (${lines.length} in all)` : ""}`;
}

const plural = (n: number, word: string, words = `${word}s`) => `${n.toLocaleString("en")} ${n === 1 ? word : words}`;

/** The most lines of one kind a report lists; the rest are counted (the import command writes them all with --report). */
const LISTED = 200;

/** Adds a titled list of line notes to `out`, at most `max` of them (never spread into one call: a list can be huge). */
function notes(out: string[], label: string, title: string, list: readonly LineNote[], max = LISTED) {
  if (!list.length) return;
  out.push(`${title} (${list.length.toLocaleString("en")}):`);
  for (const n of list.slice(0, max)) out.push(`  ${label}:${n.line}: ${n.message}`);
  if (list.length > max) out.push(`  … and ${(list.length - max).toLocaleString("en")} more (all of them with --report <file>)`);
}

export function lexiconReport(label: string, parse: LexiconParse, plan?: LexiconPlan): string {
  const out = [
    `${label}: ${plural(parse.lines, "line")} read → ${plural(parse.entries.length, "entry", "entries")} ` +
      `(${parse.merged.length} merged into an earlier line's entry, ${parse.refused.length} refused).`,
  ];
  if (plan) {
    const fields = new Map<string, number>();
    for (const c of plan.changed) for (const f of c.fields) fields.set(f, (fields.get(f) ?? 0) + 1);
    const which = fields.size ? ` (${[...fields].map(([f, n]) => `${f} ${n}`).join(", ")})` : "";
    out.push(`Lexicon: ${plan.added.length} added, ${plan.changed.length} changed${which}, ${plan.unchanged} unchanged.`);
  }
  notes(out, label, "Refused lines, not imported", parse.refused);
  notes(out, label, 'Homographs merged (same headword and part of speech: one entry, its senses joined by "; ")', parse.merged, SHOWN);
  if (parse.tagsChanged.length) {
    out.push("Part-of-speech tags written the site's way:");
    for (const t of parse.tagsChanged) out.push(`  "${t.from}" → ${t.to} (${lineList(t.lines)})`);
  }
  if (parse.tagsUnknown.length) {
    out.push("Part-of-speech tags kept as written (the site's legend does not name them):");
    for (const t of parse.tagsUnknown) out.push(`  ${t.tag} (${lineList(t.lines)})`);
  }
  for (const c of parse.ignored) {
    out.push(`Column "${c.column}" not imported (the lexicon has no field for it): it has a value on ${lineList(c.lines)}.`);
  }
  if (parse.bracesRemoved.length) {
    out.push(`Headwords with the possessor prefix in braces ({n}gwis) imported without them (ngwis): ${lineList(parse.bracesRemoved)}.`);
  }
  return out.join("\n");
}

export function stemsReport(label: string, parse: StemsParse, plan?: StemsPlan): string {
  const used = parse.rows.length - (plan ? plan.merged.length + plan.refused.length - parse.refused.length : 0);
  const out = [`${label}: ${plural(parse.lines, "line")} read.`];
  if (plan) {
    out.push(
      `Stems: ${plan.updates.length} set, ${plan.unchanged} unchanged (${plural(used, "line")} used, ` +
        `${plan.merged.length} for an entry an earlier line gave a stem, ${plan.refused.length} refused).`,
    );
    notes(out, label, "Refused lines, not imported", plan.refused);
    notes(out, label, "Lines for an entry that already has its stem from an earlier line", plan.merged, SHOWN);
  } else {
    notes(out, label, "Refused lines", parse.refused);
  }
  return out.join("\n");
}

/** Every line that is not simply an entry, one per row: line, what became of it, why (tab-separated, with a header). */
export function lineReport(groups: Record<string, readonly LineNote[]>): string {
  const rows = Object.entries(groups).flatMap(([outcome, list]) => list.map((n) => ({ ...n, outcome })));
  rows.sort((a, b) => a.line - b.line);
  return ["line\toutcome\treason", ...rows.map((r) => `${r.line}\t${r.outcome}\t${r.message.replace(/[\t\n]/g, " ")}`)].join("\n") + "\n";
}
