import { data } from "react-router";
import { SiteLink } from "../components/site-link";
import { audioUrl } from "../../db/queries/lexemes";
import { getStory } from "../../db/queries/stories";
import { AudioButton } from "../components/audio-button";
import { ReportLink } from "../components/report-link";
import { WordText } from "../components/word-text";
import { getBindings } from "../context";
import { publicData } from "../services/public-data.server";
import { getSearchIndex } from "../services/lexicon.server";
import { lookupWords } from "../core/word-search";
import type { Route } from "./+types/story";
import { SITE_DESCRIPTION } from "../utils/meta";

export const meta: Route.MetaFunction = ({ loaderData: data }) => [SITE_DESCRIPTION, 
  { title: data?.story ? `${data.story.title} | Dbaajmownan | Nishnaabemwin` : "Story | Nishnaabemwin" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const bindings = getBindings(context);
  const { env, db } = bindings;
  const story = params.id.length <= 200 ? await publicData(request, bindings, `story ${params.id}`, () => getStory(db, params.id)) : null;
  if (!story) return data({ story: null, words: {} }, { status: 404 });
  if (!story.completed || story.data.length === 0) {
    return { story: { id: story.id, title: story.title, paragraphs: null }, words: {} };
  }
  const texts = story.data.flatMap((p) => p.map((s) => s.text));
  return {
    // A sentence's recording (the editor's recorder) as its public URL; no button for a sentence without one.
    story: { id: story.id, title: story.title, paragraphs: story.data.map((p) => p.map((s) => ({ text: s.text, trans: s.trans, audio: audioUrl(s.audio) }))) },
    words: lookupWords(await getSearchIndex(db, env), texts),
  };
}

export default function Story({ loaderData }: Route.ComponentProps) {
  const { story, words } = loaderData;
  return (
    <section className="page story-page">
      <p>
        <SiteLink to="/d">← Back to the stories</SiteLink>
      </p>
      {story ? <h1>{story.title}</h1> : <h1>Story</h1>}
      {story?.paragraphs ? (
        <>
          <p className="muted">Tap a word to see what it means.</p>
          {story.paragraphs.map((paragraph, i) => (
            <div className="story-paragraph" key={i}>
              {paragraph.map((sentence, j) => (
                <p className="story-sentence" key={j}>
                  <span className="sentence-text">
                    <WordText text={sentence.text} words={words} />
                  </span>
                  <span className="sentence-trans">{sentence.trans}</span>
                  {sentence.audio ? <AudioButton src={sentence.audio} label={`recording of ${sentence.text}`} /> : null}
                </p>
              ))}
            </div>
          ))}
          <p>
            <ReportLink kind="story" page={`/d/${story.id}`} subject={story.title} />
          </p>
        </>
      ) : (
        <p className="alert alert-warning">This story is not ready to view!</p>
      )}
    </section>
  );
}
