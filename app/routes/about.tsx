/**
 * /about: who and what the site's language data comes from, under which licences, and who speaks on its
 * recordings (db/seed/data/README.md and shared/data/SOURCES.md name the sources; the speakers and sentence
 * sources are read from the data, so an operator's own data is credited as it is loaded). Linked from the footer.
 */
import { Link } from "react-router";
import { getBindings } from "../context";
import { getCredits } from "../../db/queries/credits";
import { sentenceSourceLabel } from "../../db/queries/sentences";
import { publicData } from "../services/public-data.server";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = () => [
  { title: "About and credits | Nishnaabemwin" },
  { name: "description", content: "Where the Nishnaabemwin words, forms, sentences and recordings on this site come from, and their licences." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const bindings = getBindings(context);
  const credits = await publicData(request, bindings, "credits", () => getCredits(bindings.db));
  return {
    siteName: bindings.config.siteName,
    speakers: credits.speakers,
    sources: credits.sources.map((s) => ({ ...s, label: sentenceSourceLabel(s.source) })),
  };
}

const CC_BY_NC_SA = "https://creativecommons.org/licenses/by-nc-sa/4.0/";

export default function About({ loaderData }: Route.ComponentProps) {
  const { siteName, speakers, sources } = loaderData;
  return (
    <section className="page about">
      <h1>About and credits</h1>
      <p className="lead">
        {siteName} is a place to learn Nishnaabemwin (Odawa, Eastern Ojibwe). The language on it comes from the people and projects named below. Miigwech to all
        of them.
      </p>

      <h2>Words and meanings</h2>
      <p>
        Headwords, parts of speech and English meanings come from the <strong>Nishnaabemwin Online Dictionary</strong> (
        <a href="https://dictionary.nishnaabemwin.atlas-ling.ca/">dictionary.nishnaabemwin.atlas-ling.ca</a>). Its content belongs to the dictionary; we know of
        no licence for it, so it is used here for learning only and never commercially.
      </p>
      <p>
        The full stems behind each word come from the lexicon of the Odawa finite-state morphology in{" "}
        <a href="https://github.com/giellalt/lang-ciw">giellalt/lang-ciw</a>, whose words, stems and meanings in turn come from <strong>Rand Valentine</strong>
        ’s Nishnaabemwin database.
      </p>

      <h2>Verb and noun forms</h2>
      <p>
        The site builds the forms of verbs and nouns (lessons, practice, the conjugator and the paradigm tables) following the Odawa finite-state morphology of
        Bowers, Arppe, Lachler, Moshagen and Trosterud (2017), part of <a href="https://github.com/giellalt/lang-ciw">giellalt/lang-ciw</a>, licensed under{" "}
        <a href={CC_BY_NC_SA} rel="license">
          Creative Commons Attribution-NonCommercial-ShareAlike 4.0 (CC BY-NC-SA 4.0)
        </a>
        . The forms and tables on this site derive from it and are shared under the same licence: you may copy and adapt them with credit, not commercially, and
        under the same licence.
      </p>

      <h2>Sentences and stories</h2>
      {sources.length > 0 ? (
        <ul>
          {sources.map((s) => (
            <li key={s.source}>{`${s.label}: ${s.sentences} ${s.sentences === 1 ? "sentence" : "sentences"}`}</li>
          ))}
        </ul>
      ) : (
        <p>No sentences are loaded yet.</p>
      )}
      <p>English translations, lesson explanations and story titles are written for this site from the meanings above.</p>

      <h2>Speakers</h2>
      {speakers.length > 0 ? (
        <>
          <p>The recordings on this site are spoken by:</p>
          <ul>
            {speakers.map((s) => (
              <li key={s.speaker}>{`${s.speaker} (${s.recordings} ${s.recordings === 1 ? "recording" : "recordings"})`}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>No recording on this site names its speaker yet. Each word page credits its speaker when it is known.</p>
      )}

      <h2>Licence of this site’s content</h2>
      <p>
        Because the forms derive from CC BY-NC-SA 4.0 data and the dictionary content has no known licence, the language content of this site is not for
        commercial use. Where it is licensed, it is shared under{" "}
        <a href={CC_BY_NC_SA} rel="license">
          CC BY-NC-SA 4.0
        </a>
        ; please credit the sources above with it. Something wrong or missing from these credits? Tell us on the <Link to="/contact">contact page</Link>.
      </p>
    </section>
  );
}
