/**
 * Issue 48, findings 4 and 5 (ADR 032): review before publish holds for edits of public stories and lessons, and for
 * listing a story as coming. By behaviour over HTTP, with real D1; public pages fetched anonymously.
 */
import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import { insertUser, sessionCookieHeader } from "../factories/users";
import { get, post } from "./accounts-helpers";

const editorCookie = async (role = "editor") => sessionCookieHeader(env, await insertUser(env, { role }));
const page = async (path: string, cookie?: string) => (await get(path, { cookie })).text();
const word = () => `x${crypto.randomUUID().slice(0, 8)}`;

/** A story `author` wrote, sent for review and `reviewer` published (or listed as coming). */
async function reviewedStory(author: string, reviewer: string, fields: { title: string; sentences: string; status: string }) {
  const created = await post("/DEV_editor/stories", { title: fields.title }, { cookie: author });
  const id = created.headers.get("location")!.split("/").at(-1)!;
  expect((await post(`/DEV_editor/stories/${id}`, { ...fields, status: "review" }, { cookie: author })).status).toBe(200);
  expect((await post(`/DEV_editor/stories/${id}`, fields, { cookie: reviewer })).status).toBe(200);
  return id;
}

describe("finding 4: an author's edit of a published story or lesson waits for review", () => {
  test("the published story stays public until another editor publishes the edit", async () => {
    const [author, reviewer] = [await editorCookie(), await editorCookie()];
    const [oldTitle, newTitle, oldTrans, newTrans] = [word(), word(), word(), word()];
    const id = await reviewedStory(author, reviewer, { title: oldTitle, sentences: `Nmaajaa. | ${oldTrans}`, status: "published" });
    expect(await page(`/d/${id}`)).toContain(oldTrans);

    const edit = { title: newTitle, sentences: `Nmaajaa. | ${newTrans}`, status: "published" };
    const saved = await post(`/DEV_editor/stories/${id}`, edit, { cookie: author });
    expect(saved.status).toBe(200);
    const savedPage = await saved.text();
    // Again: its author still cannot make it public.
    expect((await post(`/DEV_editor/stories/${id}`, edit, { cookie: author })).status).toBe(200);
    for (const html of [await page(`/d/${id}`), await page("/d")]) {
      expect(html).not.toContain(newTrans);
      expect(html).not.toContain(newTitle);
    }
    expect(await page(`/d/${id}`)).toContain(oldTrans);
    expect(await page("/d")).toContain(oldTitle);
    expect(savedPage).toContain("Your edit waits for review");
    // The author sees the edit waiting; the reviewer sees the edit in the form.
    expect(await page(`/DEV_editor/stories/${id}`, author)).toContain("Your edit waits for review");
    expect(await page(`/DEV_editor/stories/${id}`, reviewer)).toContain(newTrans);
    expect(await page("/DEV_editor/stories", reviewer)).toContain("Edit in review");

    expect((await post(`/DEV_editor/stories/${id}`, edit, { cookie: reviewer })).status).toBe(200);
    expect(await page(`/d/${id}`)).toContain(newTrans);
    expect(await page(`/d/${id}`)).not.toContain(oldTrans);
    expect(await page("/d")).toContain(newTitle);
    expect(await page(`/DEV_editor/stories/${id}`, author)).not.toContain("Your edit waits for review");
    const log = await env.DB.prepare("SELECT action FROM edit_log WHERE entity = 'stories' AND entity_id = ? ORDER BY id").bind(id).all();
    expect(log.results.map((r) => r.action)).toEqual(["create", "send_for_review", "publish", "send_for_review", "send_for_review", "publish_edit"]);
  });

  test("the published lesson stays on the course until another editor publishes the edit", async () => {
    await env.DB.prepare(
      "INSERT OR IGNORE INTO lexemes (name, search_key, pos, gloss, stem, source) VALUES ('maajaa', 'maajaa', 'vai', 'go away, leave', 'maajaa', 'test')",
    ).run();
    const [author, reviewer, admin] = [await editorCookie(), await editorCookie(), await editorCookie("admin")];
    const [oldText, newText] = [word(), word()];
    const created = await post("/DEV_editor/lessons", { title: "Lesson to edit" }, { cookie: admin });
    const id = Number(created.headers.get("location")!.split("/").at(-1));
    const lesson = { title: "Lesson to edit", summary: "", words: "maajaa vai", cells: "ind 1s", status: "published" };
    expect((await post(`/DEV_editor/lessons/${id}`, { ...lesson, explanation: oldText, sentences: "Nmaajaa. | I leave." }, { cookie: admin })).status).toBe(
      200,
    );
    expect(await page(`/aambe/learn/${id}`)).toContain(oldText);

    const edit = { ...lesson, explanation: newText, sentences: "Nmaajaa. | I go away." };
    const saved = await post(`/DEV_editor/lessons/${id}`, edit, { cookie: author });
    expect(saved.status).toBe(200);
    const savedPage = await saved.text();
    const learnPage = await page(`/aambe/learn/${id}`);
    expect(learnPage).toContain(oldText);
    expect(learnPage).toContain("I leave.");
    expect(learnPage).not.toContain(newText);
    expect(learnPage).not.toContain("I go away.");
    expect(savedPage).toContain("Your edit waits for review");
    expect(await page(`/DEV_editor/lessons/${id}`, author)).toContain("Your edit waits for review");
    expect(await page(`/DEV_editor/lessons/${id}`, reviewer)).toContain(newText);

    expect((await post(`/DEV_editor/lessons/${id}`, edit, { cookie: reviewer })).status).toBe(200);
    const reviewed = await page(`/aambe/learn/${id}`);
    expect(reviewed).toContain(newText);
    expect(reviewed).toContain("I go away.");
    expect(reviewed).not.toContain(oldText);
  });
});

describe("finding 5: listing a story as coming needs review", () => {
  test("an author cannot list an unreviewed story as coming; its title shows on /d once reviewed", async () => {
    const [author, reviewer] = [await editorCookie(), await editorCookie()];
    const title = word();
    const created = await post("/DEV_editor/stories", { title }, { cookie: author });
    const id = created.headers.get("location")!.split("/").at(-1)!;
    const coming = { title, sentences: "", status: "coming" };
    const refused = await post(`/DEV_editor/stories/${id}`, coming, { cookie: author });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Send it for review: another editor or an admin publishes it.");
    expect(await page("/d")).not.toContain(title);
    expect((await get(`/d/${id}`)).status).toBe(404);

    expect((await post(`/DEV_editor/stories/${id}`, { ...coming, status: "review" }, { cookie: author })).status).toBe(200);
    expect((await post(`/DEV_editor/stories/${id}`, coming, { cookie: author })).status).toBe(403);
    expect(await page("/d")).not.toContain(title);
    expect((await post(`/DEV_editor/stories/${id}`, coming, { cookie: reviewer })).status).toBe(200);
    expect(await page("/d")).toContain(title);
  });

  test("a coming story's new title, by its author, waits for review", async () => {
    const [author, reviewer] = [await editorCookie(), await editorCookie()];
    const [title, renamed] = [word(), word()];
    const id = await reviewedStory(author, reviewer, { title, sentences: "", status: "coming" });
    expect((await post(`/DEV_editor/stories/${id}`, { title: renamed, sentences: "", status: "coming" }, { cookie: author })).status).toBe(200);
    expect(await page("/d")).toContain(title);
    expect(await page("/d")).not.toContain(renamed);
  });
});
