/** zod schemas for the editor's inputs, shared by the pages' actions and the /api/editor handlers. */
import { z } from "zod";
import { withoutDirectionControls } from "./validation";

export const MORPH_SIDE_VALUES = ["right", "left", "both", "none"] as const;

export const LexIdsSchema = z.object({ lexIds: z.array(z.coerce.number().int().positive()).max(50) });

/** docs/product.md §5: the morph side must be chosen before submitting. */
export const MorphSideSchema = z.object({
  morphSide: z.enum(MORPH_SIDE_VALUES, { error: "Choose a morph side before submitting." }),
});

/** docs/product.md §5: emoji submitted only if non-empty; we also accept only emoji characters. */
export const EmojiSchema = z.object({
  emoji: z
    .string()
    .trim()
    .min(1, "Enter an emoji.")
    .max(32, "That is too long for an emoji.")
    // The joiners (ZWJ, VS16, keycap) are in the class on purpose: an emoji sequence is its pictographs joined by them.
    // eslint-disable-next-line no-misleading-character-class
    .regex(/^[\p{Extended_Pictographic}\p{Emoji_Component}\p{Emoji_Modifier}\u200d\ufe0f\u20e3]+$/u, "Enter emoji only."),
});

/** Who speaks on a recording (credited on the word page): optional, plain text, at most 100 characters. */
export const SpeakerSchema = withoutDirectionControls(z.string().trim(), "The speaker's name")
  .max(100, "The speaker's name is at most 100 characters.")
  .regex(/^[^<>\p{Cc}]*$/u, "Enter the speaker's name as plain text.");

const sentenceLine = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter the ${what}.`)
    .max(1000, `The ${what} is at most 1,000 characters.`)
    .regex(/^[^<>\p{Cc}]*$/u, `Enter the ${what} as plain text on one line.`)
    .transform((value) => value.normalize("NFC"));

/** A sentence's text and translation (the editor's sentence view, issue 38). */
export const SentenceTextSchema = z.object({ text: sentenceLine("Odawa sentence"), trans: sentenceLine("translation") });

/** Link or unlink one word of a sentence. */
export const SentenceWordSchema = z.object({ lexemeId: z.coerce.number().int().positive(), linked: z.enum(["1", "0"]).transform((v) => v === "1") });
