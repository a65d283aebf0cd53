import { Link } from "react-router";
import { listStoryIndex } from "../../db/queries/stories";
import { getBindings } from "../context";
import { publicData } from "../services/public-data.server";
import type { Route } from "./+types/stories";
import { SITE_DESCRIPTION } from "../utils/meta";

export const meta: Route.MetaFunction = () => [SITE_DESCRIPTION, { title: "Dbaajmownan (Stories) | Nishnaabemwin" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const bindings = getBindings(context);
  return { stories: await publicData(request, bindings, "story index", () => listStoryIndex(bindings.db)) };
}

export default function Stories({ loaderData }: Route.ComponentProps) {
  const { stories } = loaderData;
  return (
    <section className="page stories-page">
      <h1>
        <span lang="otw">Dbaajmownan</span> <span className="muted">(Stories)</span>
      </h1>
      {stories.length === 0 ? (
        <p className="alert alert-warning">No data</p>
      ) : (
        <ul className="story-list" aria-label="Stories">
          {stories.map((story) => (
            <li key={story.id}>
              {story.completed ? (
                <Link to={`/d/${encodeURIComponent(story.id)}`} prefetch="intent">
                  {story.title}
                </Link>
              ) : (
                <>
                  <span className="muted">{story.title}</span> <span className="badge">Not ready to view</span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
