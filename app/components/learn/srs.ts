/**
 * The practice schedule in the browser: one ts-fsrs card per thing practised, kept in local
 * storage under SRS_STORAGE_KEY and, for signed-in learners, synced with /api/progress
 * (newest review wins on both sides).
 * @see docs/decisions/008-practice-schedule-with-ts-fsrs.md
 */
import { createEmptyCard, fsrs, Rating, type Card, type CardInput } from "ts-fsrs";
import { z } from "zod";
import { ProgressCardSchema, type ProgressCard } from "../../utils/progress";
import { SRS_STORAGE_KEY } from "./storage-keys";


const scheduler = fsrs({ enable_fuzz: false });

const StoreSchema = z.record(z.string(), z.unknown());

function toWire(key: string, card: Card, updatedAt: number): ProgressCard {
  return {
    key,
    state: {
      due: card.due.toISOString(),
      stability: card.stability,
      difficulty: card.difficulty,
      elapsed_days: card.elapsed_days,
      scheduled_days: card.scheduled_days,
      learning_steps: card.learning_steps,
      reps: card.reps,
      lapses: card.lapses,
      state: card.state,
      ...(card.last_review ? { last_review: card.last_review.toISOString() } : {}),
    },
    due: card.due.getTime(),
    updatedAt,
  };
}

/** Every valid card in local storage; anything unreadable is dropped, never thrown. */
export function loadCards(): Record<string, ProgressCard> {
  try {
    const raw = StoreSchema.safeParse(JSON.parse(localStorage.getItem(SRS_STORAGE_KEY) ?? "{}"));
    if (!raw.success) return {};
    const out: Record<string, ProgressCard> = {};
    for (const value of Object.values(raw.data)) {
      const card = ProgressCardSchema.safeParse(value);
      if (card.success) out[card.data.key] = card.data;
    }
    return out;
  } catch {
    return {};
  }
}

export function saveCards(cards: Record<string, ProgressCard>) {
  try {
    localStorage.setItem(SRS_STORAGE_KEY, JSON.stringify(cards));
  } catch {
    // Storage full or disabled: practice still works for this visit.
  }
}

/** When a card is next due (ms); a card never seen is due now. */
export function dueAt(cards: Record<string, ProgressCard>, key: string, now: number) {
  return cards[key]?.due ?? now;
}

/** Records one answer: right first time is Good, wrong is Again. Returns the new card. */
export function reviewCard(cards: Record<string, ProgressCard>, key: string, correct: boolean, now: Date): ProgressCard {
  const previous = cards[key];
  const current: Card | CardInput = previous ? { ...previous.state } : createEmptyCard(now);
  const { card } = scheduler.next(current, now, correct ? Rating.Good : Rating.Again);
  return toWire(key, card, now.getTime());
}

/** Newest review wins. */
export function mergeCards(local: Record<string, ProgressCard>, remote: readonly ProgressCard[]) {
  const merged = { ...local };
  for (const card of remote) {
    const mine = merged[card.key];
    if (!mine || card.updatedAt > mine.updatedAt) merged[card.key] = card;
  }
  return merged;
}

const RemoteSchema = z.object({ cards: z.array(z.unknown()) });

/** Pulls the learner's schedule, merges it into local storage and pushes what the server lacks. */
export async function syncCards(): Promise<"synced" | "offline"> {
  try {
    const response = await fetch("/api/progress", { headers: { Accept: "application/json" } });
    if (!response.ok) return "offline";
    const body = RemoteSchema.safeParse(await response.json());
    if (!body.success) return "offline";
    const remote = body.data.cards.flatMap((c) => {
      const parsed = ProgressCardSchema.safeParse(c);
      return parsed.success ? [parsed.data] : [];
    });
    const local = loadCards();
    const merged = mergeCards(local, remote);
    saveCards(merged);
    const remoteByKey = new Map(remote.map((c) => [c.key, c]));
    const newer = Object.values(merged).filter((c) => (remoteByKey.get(c.key)?.updatedAt ?? -1) < c.updatedAt);
    return (await pushCards(newer)) ? "synced" : "offline";
  } catch {
    return "offline";
  }
}

/** Sends cards to the server in chunks the API accepts. */
export async function pushCards(cards: readonly ProgressCard[]): Promise<boolean> {
  try {
    for (let i = 0; i < cards.length; i += 500) {
      const response = await fetch("/api/progress", {
        method: "PUT",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ cards: cards.slice(i, i + 500) }),
      });
      if (!response.ok) return false;
    }
    return true;
  } catch {
    return false;
  }
}
