import { SiteLink } from "./site-link";
import { posAnchor, posTitle } from "../core/glossary";

/** A part-of-speech tag as an abbreviation with its meaning, linking to its line of the legend (/legend). */
export function PosAbbr({ pos }: { pos: string }) {
  const title = posTitle(pos);
  if (!title) return <>{pos}</>;
  return (
    <SiteLink to={`/legend#${posAnchor(pos)}`} className="term-link">
      <abbr title={title}>{pos}</abbr>
    </SiteLink>
  );
}

/** "What do these mean?": the link to the legend of abbreviations and colours. */
export function LegendLink({ children = "Abbreviations and colours" }: { children?: React.ReactNode }) {
  return (
    <SiteLink to="/legend" className="legend-link">
      {children}
    </SiteLink>
  );
}
