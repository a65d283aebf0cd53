/**
 * Review before publish (issue 38): a story or lesson an editor writes is sent for review, and another editor or an
 * admin publishes it. Pure, so the editor's pages and their tests share one rule.
 */

export const PUBLISH_REFUSED = "Send it for review: another editor or an admin publishes it.";

/**
 * Whether `user` may make an unpublished story or lesson public. An admin may; an editor only when it is in review,
 * and they neither sent it nor wrote it. Something already published stays publishable by whoever edits it.
 */
export function mayPublish(
  user: { id: number; role: string },
  item: { published: boolean; reviewBy: number | null; authorId: number | null },
): boolean {
  if (item.published || user.role === "admin") return true;
  return item.reviewBy !== null && item.reviewBy !== user.id && item.authorId !== user.id;
}
