/** The edit panel's History list: a form's edit_log rows, newest first, with who changed what. */
import type { HistoryEntry } from "../../../db/queries/editor-forms";

const ACTION_LABELS: Record<string, string> = {
  set_lexemes: "word links",
  set_morph_side: "morph side",
  set_emoji: "emoji",
  add_audio: "audio added",
  upload_failed: "upload failed",
  set_text: "text",
  link_word: "word linked",
  unlink_word: "word unlinked",
};

function describe(value: unknown) {
  if (value == null) return "—";
  if (typeof value === "object") {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${Array.isArray(v) ? `[${v.join(", ")}]` : String(v ?? "—")}`)
      .join("; ");
  }
  return String(value);
}

export function EditHistory({ entries }: { entries: HistoryEntry[] }) {
  if (!entries.length) return <p className="muted">No changes yet.</p>;
  return (
    <ol className="edit-history">
      {entries.map((entry) => (
        <li key={entry.id}>
          <time dateTime={new Date(entry.createdAt).toISOString()}>{new Date(entry.createdAt).toISOString().replace("T", " ").slice(0, 16)} UTC</time>{" "}
          <strong>{entry.username ?? "(deleted user)"}</strong> {ACTION_LABELS[entry.action] ?? entry.action}: {describe(entry.before)} →{" "}
          {describe(entry.after)}
        </li>
      ))}
    </ol>
  );
}
