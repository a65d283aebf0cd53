import { data } from "react-router";
import { SiteLink } from "../components/site-link";
import { audioUrl } from "../../db/queries/lexemes";
import { getPublicStory, getStory } from "../../db/queries/stories";
import { getUser } from "../middleware/guard.server";
import { hasRole } from "../services/session.server";
import { WordAudioButton } from "../components/word-audio-button";
import { ReportLink } from "../components/report-link";
import { WordText } from "../components/word-text";
import { getBindings } from "../context";
import { publicData } from "../services/public-data.server";
import { pageWordsOf, storyPageKey } from "../services/page-words.server";
import type { Route } from "./+types/story";
import { SITE_DESCRIPTION } from "../utils/meta";

export const meta: Route.MetaFunction = ({ loaderData: data }) => [
  SITE_DESCRIPTION,
  { title: data?.story ? `${data.story.title} | Dbaajmownan | Nishnaabemwin` : "Story | Nishnaabemwin" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const bindings = getBindings(context);
  const { db } = bindings;
  const known = params.id.length <= 200;
  // A draft is the editors' own: anyone else gets 404, as for a story that does not exist. Editors preview
  // drafts and stories listed as coming.
  const story = known ? await publicData(request, bindings, `story ${params.id}`, () => getPublicStory(db, params.id)) : null;
  const editor = known && !story?.completed && hasRole(await getUser(context), "editor");
  const shown = editor ? (story ?? (await getStory(db, params.id))) : story;
  if (!shown) return data({ story: null, draft: false, words: {} }, { status: 404 });
  const draft = editor && !shown.completed;
  if (shown.data.length === 0 || (!draft && !shown.completed)) {
    return { story: { id: shown.id, title: shown.title, paragraphs: null }, draft, words: {} };
  }
  const texts = shown.data.flatMap((p) => p.map((s) => s.text));
  return {
    // A sentence's recording (the editor's recorder) as its public URL; no button for a sentence without one.
    story: { id: shown.id, title: shown.title, paragraphs: shown.data.map((p) => p.map((s) => ({ text: s.text, trans: s.trans, audio: audioUrl(s.audio) }))) },
    draft,
    // Stored by the page words job when current (ADR 029), else worked out from the entries the texts reach.
    // Kept like the story for anonymous visitors (a new content version starts afresh).
    words: (await publicData(request, bindings, `story words ${shown.id}`, () => pageWordsOf(bindings, storyPageKey(shown.id), texts))).page.words,
  };
}

export default function Story({ loaderData }: Route.ComponentProps) {
  const { story, draft, words } = loaderData;
  return (
    <section className="page story-page">
      <p>
        <SiteLink to="/d">← Back to the stories</SiteLink>
      </p>
      {story ? <h1>{story.title}</h1> : <h1>Story</h1>}
      {draft ? (
        <p className="alert alert-warning" role="note">
          Preview: this story is not published. Only editors can see it.
        </p>
      ) : null}
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
                  {sentence.audio ? <WordAudioButton src={sentence.audio} label={`recording of ${sentence.text}`} /> : null}
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
