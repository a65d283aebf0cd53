import { Link } from "react-router";
import { posAnchor, posTitle } from "../core/glossary";

/** A part-of-speech tag as an abbreviation with its meaning, linking to its line of the legend (/legend). */
export function PosAbbr({ pos }: { pos: string }) {
  const title = posTitle(pos);
  if (!title) return <>{pos}</>;
  return (
    <Link to={`/legend#${posAnchor(pos)}`} className="term-link">
      <abbr title={title}>{pos}</abbr>
    </Link>
  );
}

/** "What do these mean?": the link to the legend of abbreviations and colours. */
export function LegendLink({ children = "Abbreviations and colours" }: { children?: React.ReactNode }) {
  return (
    <Link to="/legend" className="legend-link">
      {children}
    </Link>
  );
}
