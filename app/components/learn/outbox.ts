/**
 * The outbox of answers given offline (ADR 017): each answer with the id the page made for it, kept in local
 * storage under the learner's name and sent to POST /api/progress/reviews when the connection returns (the
 * `online` event, or the next page load). The server records each id, and each question of a round, once, so
 * sending an answer twice (the reply to the first send was lost) or a question answered online and again offline
 * is harmless; an entry leaves the outbox only once the server has answered for it.
 */
import { OUTBOX_KEY, PACKS_KEY } from "./storage-keys";

export type OutboxEntry = {
  user: string;
  id: string;
  key: string;
  kind: "choose" | "type";
  given: string;
  askedAt: number;
  answeredAt: number;
  /** This device's verdict (for what is due offline); the server checks the answer again. */
  correct: boolean;
  /** The question of a round it answers (app/utils/practice.ts questionId): the server keeps one answer per question. */
  question?: string;
};

export function pendingAnswers(user: string): OutboxEntry[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(OUTBOX_KEY) ?? "[]");
    return Array.isArray(raw) ? (raw as OutboxEntry[]).filter((e) => e && typeof e.id === "string" && e.user === user) : [];
  } catch {
    return [];
  }
}

function readAll(): OutboxEntry[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(OUTBOX_KEY) ?? "[]");
    return Array.isArray(raw) ? (raw as OutboxEntry[]) : [];
  } catch {
    return [];
  }
}

function writeAll(entries: OutboxEntry[]) {
  if (entries.length === 0) localStorage.removeItem(OUTBOX_KEY);
  else localStorage.setItem(OUTBOX_KEY, JSON.stringify(entries));
}

export function queueAnswer(entry: OutboxEntry) {
  const all = readAll();
  if (!all.some((e) => e.id === entry.id)) writeAll([...all, entry]);
}

let sending: Promise<void> | null = null;

/** Sends the learner's waiting answers; whatever the server did not answer for stays for the next try. */
export function flushOutbox(user: string): Promise<void> {
  if (!user) return Promise.resolve();
  sending ??= send(user).finally(() => {
    sending = null;
  });
  return sending;
}

async function send(user: string) {
  for (;;) {
    const batch = pendingAnswers(user).slice(0, 100);
    if (batch.length === 0) return;
    const response = await fetch("/api/progress/reviews", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        reviews: batch.map(({ id, key, kind, given, askedAt, answeredAt, question }) => ({ id, key, kind, given, askedAt, answeredAt, question })),
      }),
    }).catch(() => null);
    // Offline, signed out, rate limited or a server error: keep everything for the next try.
    if (!response || (!response.ok && response.status !== 400)) return;
    // 400: answers the server will never take (from an old version of the page); keeping them would block the rest.
    const done = new Set(batch.map((e) => e.id));
    writeAll(readAll().filter((e) => !done.has(e.id)));
  }
}

/**
 * Who is signed in here ("" for nobody): another learner's kept practice items (./offline-practice.ts) are
 * forgotten. (Here rather than there so that every page's code stays small.)
 */
export function noteUser(user: string) {
  try {
    const kept = JSON.parse(localStorage.getItem(PACKS_KEY) ?? "null") as { user?: unknown } | null;
    if (kept && kept.user !== user) localStorage.removeItem(PACKS_KEY);
  } catch {
    localStorage.removeItem(PACKS_KEY);
  }
}
