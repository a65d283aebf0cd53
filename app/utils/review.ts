/**
 * Review before publish (issue 38, ADR 032): a story or lesson an editor writes is sent for review, and another editor
 * or an admin publishes it; an edit of a public one waits for review the same way while the public version stays.
 * Pure, so the editor's pages and their tests share one rule.
 */

export const PUBLISH_REFUSED = "Send it for review: another editor or an admin publishes it.";

export const EDIT_IN_REVIEW = "Your edit waits for review: the public version stays until another editor or an admin publishes it.";

/** Whether `user` may make something public: an admin may; an editor only what another sent for review and did not write. */
function mayPublish(user: { id: number; role: string }, item: { reviewBy: number | null; authorId: number | null }): boolean {
  if (user.role === "admin") return true;
  return item.reviewBy !== null && item.reviewBy !== user.id && item.authorId !== user.id;
}

/**
 * What a save that asks for a public state (published; a story also coming) does:
 * - "publish": it goes public now (an admin; or a reviewer of what another sent for review);
 * - "review": the item is public already, so the public version stays and the save waits for review as its edit;
 * - "refuse": it is not public and the user may not publish it.
 * `editInReview`: the item is public and has an edit waiting, sent (and written) by `reviewBy`; otherwise a public
 * item has nothing in review, and `authorId` wrote the item (its edit_log "create" row).
 */
export function publicSave(
  user: { id: number; role: string },
  item: { isPublic: boolean; editInReview: boolean; reviewBy: number | null; authorId: number | null },
): "publish" | "review" | "refuse" {
  const inReview = item.isPublic && !item.editInReview ? null : item.reviewBy;
  if (mayPublish(user, { reviewBy: inReview, authorId: item.editInReview ? item.reviewBy : item.authorId })) return "publish";
  return item.isPublic ? "review" : "refuse";
}
