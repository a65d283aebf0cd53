/**
 * "Keep the dictionary on this device" on the word list (ADR 027a): keeps the offline pack, says when it was updated
 * and how big it is, removes it, updates it in the background when the lexicon changed; with no connection, the
 * search box searches the kept copy. Needs JavaScript and Cache Storage: without them the option is not offered
 * (nothing is rendered before hydration).
 */
import { useCallback, useEffect, useState, type FormEvent } from "react";
import type { OfflineResult } from "../core/offline-pack";
import { PosAbbr } from "./abbr";
import type { KeptInfo } from "./offline-dictionary-store";
import { WordName } from "./word-name";

/** The store and the pack's decoder load only on a page that uses them (they are not part of the word list's first load). */
const store = () => import("./offline-dictionary-store").then((m) => m.offlineStore);
const canKeep = () => "caches" in window && "DecompressionStream" in window;

type State = { kind: "unknown" | "unsupported" | "none" | "kept" | "working"; kept: KeptInfo | null; note: string };

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
const dayText = (iso: string) => (iso ? new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" }) : "");

/** The word list's offline dictionary: its panel's state, and the search box's handler when there is no connection. */
export function useOfflineDictionary() {
  const [state, setState] = useState<State>({ kind: "unknown", kept: null, note: "" });
  const [result, setResult] = useState<OfflineResult | null>(null);

  const searchKept = useCallback(async (query: string, pos: string | null) => {
    const found = await (await store()).searchKept(query, pos);
    if (found) setResult(found);
  }, []);

  useEffect(() => {
    if (!canKeep()) return setState({ kind: "unsupported", kept: null, note: "" });
    let live = true;
    void store().then(async ({ keptInfo, updateKept }) => {
      const kept = await keptInfo();
      if (!live) return;
      setState({ kind: kept ? "kept" : "none", kept, note: "" });
      const params = new URLSearchParams(location.search);
      const query = params.get("q");
      if (kept && !navigator.onLine && query) {
        const box = document.getElementById("words-q");
        if (box instanceof HTMLInputElement && !box.value) box.value = query;
        void searchKept(query, params.get("pos"));
      }
      if (kept && navigator.onLine) {
        const newer = await updateKept(kept).catch(() => null);
        if (newer && live) setState({ kind: "kept", kept: newer, note: "" });
      }
    });
    return () => {
      live = false;
    };
  }, [searchKept]);

  /** The search form's submit: with no connection and a kept copy, search it here instead of asking the site. */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (navigator.onLine || state.kind !== "kept") return;
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const query = String(form.get("q") ?? "").trim();
    const pos = String(form.get("pos") ?? "") || null;
    const address = new URLSearchParams({ q: query, ...(pos ? { pos } : {}) });
    history.replaceState(history.state, "", query ? `/k?${address}` : "/k");
    if (query) void searchKept(query, pos);
    else setResult(null);
  };

  const keep = async () => {
    setState((s) => ({ ...s, kind: "working", note: "Getting the dictionary…" }));
    try {
      const kept = await (await store()).keepCurrent(true);
      setState(
        kept
          ? { kind: "kept", kept, note: "The dictionary is kept on this device." }
          : { kind: "none", kept: null, note: "The dictionary is not ready yet. Please try again later." },
      );
    } catch {
      setState({ kind: "none", kept: null, note: "Could not get the dictionary. Check the connection and try again." });
    }
  };

  const remove = async () => {
    const freed = state.kept?.bytes ?? 0;
    await (await store()).removeKept();
    setResult(null);
    setState({ kind: "none", kept: null, note: `Removed: ${sizeText(freed)} freed.` });
  };

  return { state, result, onSubmit, keep, remove };
}

type Offline = ReturnType<typeof useOfflineDictionary>;

export function OfflineDictionaryPanel({ offline }: { offline: Offline }) {
  const { state } = offline;
  if (state.kind === "unknown" || state.kind === "unsupported") return null;
  return (
    <section className="offline-dictionary" aria-label="Offline dictionary">
      {state.kind === "kept" && state.kept ? (
        <p>
          {`Kept on this device: updated ${dayText(state.kept.builtAt || state.kept.keptAt)}, ${sizeText(state.kept.bytes)}. Search works with no connection. `}
          <button type="button" className="button" onClick={() => void offline.remove()}>
            Remove
          </button>
        </p>
      ) : (
        <p>
          {"Search words with no connection: "}
          <button type="button" className="button" disabled={state.kind === "working"} onClick={() => void offline.keep()}>
            Keep the dictionary on this device
          </button>
        </p>
      )}
      <p role="status" className="muted">
        {state.note}
      </p>
    </section>
  );
}

export function OfflineResults({ result }: { result: OfflineResult }) {
  return (
    <section aria-labelledby="offline-results-heading">
      <h2 id="offline-results-heading">{`${result.total === 1 ? "1 result" : `${result.total} results`} for “${result.query}”`}</h2>
      <p className="muted">No connection: these come from the dictionary kept on this device.</p>
      {result.hits.length === 0 ? (
        <p>No results</p>
      ) : (
        <ul className="word-list search-results">
          {result.hits.map(({ entry, match, cells }) => (
            <li key={entry.id}>
              {match === "form" ? (
                <span className="form-explanation">
                  <span lang="otw">{result.query}</span>
                  {" → "}
                  <span lang="otw">{entry.name}</span>
                  {cells.length > 0 ? <span className="muted">{` (${cells.join("; ")})`}</span> : null}
                </span>
              ) : null}
              <span className="search-hit">
                <a href={`/k/${entry.id}`}>
                  <WordName name={entry.name} pos={entry.pos} />
                </a>{" "}
                <span className="muted">
                  (<PosAbbr pos={entry.pos} />)
                </span>{" "}
                <span className="word-gloss">{entry.gloss}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
