/** A form as the editor shows it (docs/product.md §4): colour by links / morph side, the side's dashes, emoji and a speaker. */
import type { RankRow } from "../../../db/queries/editor-ranks";
import { displayForm, formColour } from "./display";

export function FormText({ row }: { row: Pick<RankRow, "form" | "morphSide" | "linked" | "hasAudio" | "emoji"> }) {
  return (
    <>
      <span className={`form-text form-${formColour(row)}`} lang="otw">
        {displayForm(row.form, row.morphSide)}
      </span>
      {row.emoji ? <span className="form-emoji"> {row.emoji}</span> : null}
      {row.hasAudio ? (
        <span className="speaker" role="img" aria-label="has audio">
          {" "}
          🔊
        </span>
      ) : null}
    </>
  );
}
