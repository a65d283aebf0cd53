import { posKind } from "../core/pos";

/** A headword styled as verb or noun by its part of speech (docs/product.md §3 lists). */
export function WordName({ name, pos }: { name: string; pos: string }) {
  return (
    <span className={`word-name word-${posKind(pos)}`} lang="otw">
      {name}
    </span>
  );
}
