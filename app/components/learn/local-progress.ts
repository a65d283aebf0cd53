/**
 * Anonymous learners' cards in local storage (no ts-fsrs, no zod here: the server schedules and validates).
 * At sign-in they merge into the account: PUT /api/progress keeps the newest review of each card on the server,
 * and local storage is cleared only once the server has them.
 * @see docs/decisions/016-course-and-server-practice.md
 */
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import { SRS_STORAGE_KEY } from "./storage-keys";

type StoredCard = { key: string; due: number; updatedAt: number; state: unknown };

export function readLocalCards(): Record<string, StoredCard> {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(SRS_STORAGE_KEY) ?? "{}");
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) return {};
    const out: Record<string, StoredCard> = {};
    for (const [key, card] of Object.entries(raw as Record<string, unknown>)) {
      const c = card as Partial<StoredCard> | null;
      if (c && c.key === key && typeof c.due === "number" && typeof c.updatedAt === "number") out[key] = c as StoredCard;
    }
    return out;
  } catch {
    return {};
  }
}

export function saveLocalCard(card: StoredCard) {
  try {
    const cards = readLocalCards();
    const mine = cards[card.key];
    if (mine && mine.updatedAt > card.updatedAt) return;
    localStorage.setItem(SRS_STORAGE_KEY, JSON.stringify({ ...cards, [card.key]: card }));
  } catch {
    // Storage full or disabled: this answer still counted for the round.
  }
}

/** Signed in with cards left from anonymous practice: send them to the account, then forget them here. */
export function useMergeLocalProgress(signedIn: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!signedIn) return;
    const cards = Object.values(readLocalCards());
    if (cards.length === 0) return;
    let live = true;
    (async () => {
      for (let i = 0; i < cards.length; i += 500) {
        const response = await fetch("/api/progress", {
          method: "PUT",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ cards: cards.slice(i, i + 500) }),
        });
        // A card the server refuses (malformed, from an old version) is not worth keeping either.
        if (!response.ok && response.status !== 400) return;
      }
      localStorage.removeItem(SRS_STORAGE_KEY);
      if (live) await revalidate();
    })().catch(() => {
      // Offline: try again on the next learn page.
    });
    return () => {
      live = false;
    };
  }, [signedIn, revalidate]);
}

/** An anonymous learner's answers to the questions of this tab's rounds (sessionStorage: the tab's life). */
const ANSWERS_KEY = "practiceAnswers";
type RememberedAnswer = { correct: boolean; given: string; nextHref: string };

function readAnswers(): Record<string, RememberedAnswer> {
  try {
    const raw: unknown = JSON.parse(sessionStorage.getItem(ANSWERS_KEY) ?? "{}");
    return raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, RememberedAnswer>) : {};
  } catch {
    return {};
  }
}

/** Keeps the answer to a question of a round, so a reload or Back shows it answered instead of asking again. */
export function rememberAnswer(question: string, answer: RememberedAnswer) {
  try {
    const kept = Object.entries(readAnswers())
      .filter(([q]) => q !== question)
      .slice(-199);
    sessionStorage.setItem(ANSWERS_KEY, JSON.stringify(Object.fromEntries([...kept, [question, answer]])));
  } catch {
    // Storage full or disabled: a reload asks the question again.
  }
}

export function recallAnswer(question: string): RememberedAnswer | null {
  const answer = readAnswers()[question];
  return answer &&
    typeof answer.correct === "boolean" &&
    typeof answer.given === "string" &&
    typeof answer.nextHref === "string" &&
    answer.nextHref.startsWith("/aambe/practice?")
    ? answer
    : null;
}
