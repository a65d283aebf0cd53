import { Link } from "react-router";
import type { Route } from "./+types/wotd-archive";
import { getBindings } from "../context";
import { listWotdArchive } from "../../db/queries/wotd";

export const meta: Route.MetaFunction = () => [
  { title: "Word of the Day archive | Nishnaabemwin" },
  { name: "description", content: "Every Nishnaabemwin Word of the Day so far, by date." },
];

export async function loader({ context }: Route.LoaderArgs) {
  const today = new Date().toISOString().slice(0, 10);
  return { words: await listWotdArchive(getBindings(context).db, today) };
}

export function formatDay(day: string) {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString("en-CA", {
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
}

export default function WotdArchive({ loaderData }: Route.ComponentProps) {
  return (
    <section className="page">
      <h1>Word of the Day archive</h1>
      <p>
        Past words, newest first. <Link to="/signup-wotd">Get the Word of the Day by email</Link>.
      </p>
      {loaderData.words.length === 0 ? (
        <p>No data</p>
      ) : (
        <ul className="wotd-archive">
          {loaderData.words.map((word) => (
            <li key={word.day}>
              <Link to={`/wotd/${word.day}`}>
                <time dateTime={word.day}>{formatDay(word.day)}</time>
                <strong lang="otw">{word.name}</strong>
                <span className="muted">{word.gloss}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
