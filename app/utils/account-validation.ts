/**
 * Account forms (docs/product.md §3, §5): the same zod rules for the pages, the compatibility
 * JSON endpoints and the tests. Messages that docs/product.md names are kept word for word.
 */
import { z } from "zod";
import { AGES, FLUENCIES, TRIBES } from "../../db/schema";
import { isCommonPassword } from "./common-passwords";
import { EmailSchema, withoutDirectionControls } from "./validation";
import { MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USERNAME_MAX, USERNAME_MIN } from "./account-messages";
import { usernameCharacterProblem } from "./username-rules";

export * from "./account-messages";

export const UsernameSchema = withoutDirectionControls(z.string({ error: "Please enter a username." }).trim().toLowerCase(), "A username")
  .min(1, "Please enter a username.")
  .min(USERNAME_MIN, `A username needs at least ${USERNAME_MIN} characters.`)
  .max(USERNAME_MAX, `A username can have at most ${USERNAME_MAX} characters.`)
  .superRefine((name, ctx) => {
    const problem = usernameCharacterProblem(name);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** A new password (sign-up, restore). */
export const NewPasswordSchema = z
  .string({ error: MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong)
  .refine((p) => !isCommonPassword(p), MESSAGES.passwordTooCommon);

const optionalText = (max: number, schema = z.string().trim()) =>
  schema
    .max(max, `At most ${max} characters, please.`)
    .optional()
    .transform((v) => (v ? v : null));

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal("")])
    .optional()
    .transform((v) => (v ? v : null));

/** docs/product.md §3 signup payload; `passwordRepeat` is present on the page and absent from the compat call. */
export const SignupFieldsSchema = z.object({
  username: UsernameSchema,
  password: NewPasswordSchema,
  email: EmailSchema,
  /** The display name ("Your name"). */
  realName: optionalText(100, withoutDirectionControls(z.string().trim(), "Your name")),
  age: optionalEnum(AGES),
  fluency: optionalEnum(FLUENCIES),
  fluencyComment: optionalText(1000),
  tribe: optionalEnum(TRIBES),
  tribeComment: optionalText(1000),
  niijii: z.string().optional().default(""),
});

export const SignupFormSchema = SignupFieldsSchema.extend({ passwordRepeat: z.string().optional().default("") }).refine(
  (v) => v.password === v.passwordRepeat,
  { path: ["passwordRepeat"], message: MESSAGES.passwordsDoNotMatch },
);

export const LoginSchema = z.object({
  username: z.string().trim().toLowerCase().min(1).max(USERNAME_MAX),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});

export const ForgotSchema = z.object({
  username: z.string({ error: "Please enter your username." }).trim().toLowerCase().min(1, "Please enter your username.").max(USERNAME_MAX),
  email: EmailSchema,
});

export const ResetCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const RestoreFormSchema = z
  .object({ password: NewPasswordSchema, passwordRepeat: z.string().optional().default("") })
  .refine((v) => v.password === v.passwordRepeat, { path: ["passwordRepeat"], message: MESSAGES.passwordsDoNotMatch });

/** /niin password change: the current password, then a new one by the sign-up rules, typed twice. */
export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string({ error: MESSAGES.currentPasswordWrong }).min(1, MESSAGES.currentPasswordWrong).max(PASSWORD_MAX_LENGTH),
    password: NewPasswordSchema,
    passwordRepeat: z.string().optional().default(""),
  })
  .refine((v) => v.password === v.passwordRepeat, { path: ["passwordRepeat"], message: MESSAGES.passwordsDoNotMatch });

/** /niin account deletion: confirmed by the password. */
export const DeleteAccountSchema = z.object({
  deletePassword: z.string({ error: MESSAGES.deletePasswordWrong }).min(1, MESSAGES.deletePasswordWrong).max(PASSWORD_MAX_LENGTH),
});

export const ColorSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, "Please choose a colour.");

/** First message per field, for forms. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    out[key] ??= issue.message;
  }
  return out;
}
