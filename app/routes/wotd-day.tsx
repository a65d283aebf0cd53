import { data, Link } from "react-router";
import { PosAbbr } from "../components/abbr";
import type { Route } from "./+types/wotd-day";
import { getBindings } from "../context";
import { getWotdContent } from "../../db/queries/wotd";
import { DaySchema } from "../services/job-messages.server";
import { formatDay } from "./wotd-archive";
import { SITE_DESCRIPTION } from "../utils/meta";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  SITE_DESCRIPTION,
  { title: loaderData ? `${loaderData.word.name} — Word of the Day | Nishnaabemwin` : "Word Not Found | Nishnaabemwin" },
];

/** /wotd/{YYYY-MM-DD}: one day's word (only days that have come). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const day = DaySchema.safeParse(params.day);
  const today = new Date().toISOString().slice(0, 10);
  const word = day.success && day.data <= today ? await getWotdContent(getBindings(context).db, day.data) : null;
  if (!word) throw data("No word for this day.", { status: 404 });
  return { word };
}

export default function WotdDay({ loaderData }: Route.ComponentProps) {
  const { word } = loaderData;
  return (
    <section className="page wotd-day">
      <p className="muted">
        Word of the Day, <time dateTime={word.day}>{formatDay(word.day)}</time>
      </p>
      <h1>
        <span lang="otw">{word.name}</span>{" "}
        <span className="muted wotd-pos">
          (<PosAbbr pos={word.pos} />)
        </span>
      </h1>
      <p className="lead">{word.gloss}</p>
      {word.example ? (
        <blockquote className="wotd-example">
          <p lang="otw">{word.example.text}</p>
          <p className="muted">{word.example.trans}</p>
        </blockquote>
      ) : null}
      {word.audioPath ? (
        <audio controls preload="none" src={word.audioPath}>
          Your browser does not support audio playback.
        </audio>
      ) : null}
      <p>
        <Link to={`/k/${word.lexemeId}`}>More about {word.name}</Link> · <Link to="/wotd">All past words</Link>
      </p>
    </section>
  );
}
