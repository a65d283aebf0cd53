/**
 * zod schemas of the Word of the Day and contact forms (and their JSON API twins); docs/product.md §8's texts
 * are in ./email-texts.ts (zod-free, for client code) and re-exported here.
 * Shared by route actions, resource routes and the Hono API.
 */
import { z } from "zod";
import { EmailSchema } from "./validation";

export * from "./email-texts";

export const WOTD_SOURCES = ["index-signup", "wotd-signup"] as const;

/** Sign-up: `name` is the hidden decoy and must stay empty (a filled decoy is treated as a bot). */
export const WotdSignupSchema = z.object({
  name: z.string().max(500).optional().default(""),
  email: EmailSchema,
  source: z.enum(WOTD_SOURCES).optional().default("wotd-signup"),
});
export type WotdSignupInput = z.infer<typeof WotdSignupSchema>;

export const TokenBodySchema = z.object({ token: z.string().max(200) });

const oneLine = (label: string, max: number) =>
  z
    .string({ error: `Please enter ${label}.` })
    .trim()
    .min(1, `Please enter ${label}.`)
    .max(max, `That ${label.replace(/^(a|an|your) /, "")} is too long (at most ${max} characters).`)
    .refine((v) => !/[\r\n]/.test(v), `The ${label.replace(/^(a|an|your) /, "")} must be one line.`);

/** Contact form (docs/product.md §3): `honorific` is the hidden decoy. */
export const ContactSchema = z.object({
  honorific: z.string().max(500).optional().default(""),
  name: oneLine("your name", 100),
  email: EmailSchema,
  subject: oneLine("a subject", 200),
  message: z
    .string({ error: "Please enter a message." })
    .trim()
    .min(1, "Please enter a message.")
    .max(5000, "That message is too long (at most 5000 characters)."),
});
export type ContactInput = z.infer<typeof ContactSchema>;
