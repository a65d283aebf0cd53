import { readFileSync } from "node:fs";
import { analyse, buildLexicon, prepareAnalysis, type LexemeInput } from "../app/core/grammar";
const stems = readFileSync("../shared/data/otw/otw_lexicon_stems.tsv", "utf8").trim().split("\n").slice(1).map((l) => l.split("\t"));
const big: LexemeInput[] = stems.map(([name, stem, lexicon, , gloss], i) => ({ id: i + 1, name: name!, pos: lexicon!.toLowerCase(), stem: stem!, gloss: gloss!.replace(/^\d+ /, "") })).slice(0, 20000);
const lexicon = buildLexicon(big);
let t = performance.now(); prepareAnalysis(lexicon); console.log("prepare", (performance.now() - t).toFixed(0));
const rows = readFileSync("../shared/data/otw/otw_dev_verb_paradigms.tsv", "utf8").trim().split("\n").slice(1).map((l) => l.split("\t"));
const words = [...new Set(rows.map((r) => r[5]!.split("|")[0]!.replace(/h/g, "'")))];
// shuffle deterministically
let seed = 7; const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
for (let i = words.length - 1; i > 0; i--) { const j = Math.floor(rnd() * (i + 1)); [words[i], words[j]] = [words[j]!, words[i]!]; }
const cpu = () => process.cpuUsage().user / 1000 + process.cpuUsage().system / 1000;
const measure = (ws: string[]) => { const ts: number[] = []; for (const w of ws) { const t0 = performance.now(); analyse(w, lexicon); ts.push(performance.now() - t0); } ts.sort((a, b) => a - b); return { n: ts.length, mean: (ts.reduce((a, b) => a + b, 0) / ts.length).toFixed(3), median: ts[ts.length >> 1]!.toFixed(3), p90: ts[Math.floor(ts.length * 0.9)]!.toFixed(3), max: ts.at(-1)!.toFixed(1) }; };
console.log("first 8", measure(words.slice(0, 8)));
console.log("next 200", measure(words.slice(8, 208)));
console.log("next 1000", measure(words.slice(208, 1208)));
console.log("next 1000", measure(words.slice(1208, 2208)));
