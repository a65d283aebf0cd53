/** docs/product.md §4 form display rules for the editor (client-safe, no imports). */
export type MorphSide = "right" | "left" | "both" | "none";

/** null: as is; right: base-; left: -base; both: -base-; none: base(morph). */
export function displayForm(form: string, morphSide: MorphSide | null | undefined): string {
  switch (morphSide) {
    case "right":
      return `${form}-`;
    case "left":
      return `-${form}`;
    case "both":
      return `-${form}-`;
    case "none":
      return `${form}(morph)`;
    default:
      return form;
  }
}

/** Blue when linked to words, else orange when a side is set, else plain. */
export function formColour(row: { linked: boolean; morphSide: MorphSide | null | undefined }): "linked" | "sided" | "plain" {
  if (row.linked) return "linked";
  if (row.morphSide) return "sided";
  return "plain";
}

export const MORPH_SIDE_LABELS: Record<MorphSide, string> = {
  right: "right (base-)",
  left: "left (-base)",
  both: "both (-base-)",
  none: "none (base(morph))",
};

/** The editor's address (docs/product.md §2); /editor redirects here. */
export const EDITOR_BASE = "/DEV_editor";
