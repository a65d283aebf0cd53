/**
 * Texts and limits of the account forms, with no zod import: route components use these,
 * and keeping zod out of them keeps it out of the public pages' client JavaScript.
 * The zod rules live in ./account-validation.ts (which re-exports this module).
 */
import { sitePathOr } from "./site-path";

/** Password length rules (the hashing itself is in app/services/password.server.ts). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const USERNAME_RULES = `${USERNAME_MIN} to ${USERNAME_MAX} characters: lowercase letters a–z, digits, hyphen (-) or underscore (_), starting with a letter or digit.`;
export const MESSAGES = {
  passwordTooShort: "Password must be at least 8 characters long.",
  passwordsDoNotMatch: "Passwords do not match!",
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  passwordTooCommon: "That password is one of the most common passwords. Please choose another.",
  invalidLogin: "Invalid login credentials.",
  loginServerError: "Error contacting server!",
  joinServerError: "Error contacting the server!",
  usernameTaken: "That username is already taken. Please choose another.",
  forgotDone: "A reset link will be sent to your email if your information matches.",
  restoreServiceError: "There was an error using the restore service. Please contact us.",
  restoreInvalidCode: "The reset code was invalid. Please request another.",
  restoreDone: "Your password has been changed.",
  rateLimited: "Too many attempts. Please wait a few minutes and try again.",
  currentPasswordWrong: "Your current password is not correct.",
  passwordChanged: "Your password has been changed. Other devices have been logged out.",
  deletePasswordWrong: "That password is not correct. Your account was not deleted.",
  wotdSubscribed: "Almost done: open the email we sent you and press 'Confirm subscription'.",
  wotdUnsubscribed: "You have been unsubscribed from our emails.",
  wotdError: "There was an error signing up.",
  addressProofSent: "We sent a link to your email address. Open it within a day to confirm the address.",
  addressUnproven: "Please confirm your email address first.",
  addressProofInvalid: "This link is not valid any more. Ask for a new one on your account page.",
  addressProven: "Your email address is confirmed.",
} as const;

/** Where joining lands: the home page, which says the account was created (as /?bye=logout says a log-out). */
export const JOINED_PATH = "/?welcome=joined";

/** How long a message stays before it hides (docs/product.md §9; only with JavaScript on). */
export const MESSAGE_MS = { password: 3000, restore: 3000, join: 5000 } as const;

/**
 * docs/product.md §2 /biindge: the `from` query returns the user to `/{from}`. Only a path on this site survives,
 * judged after normalising (app/utils/site-path.ts sitePathOr, the rule of every redirect built from request data);
 * anything else gives "/".
 */
export function safeFrom(from: string | null | undefined): string {
  if (!from) return "/";
  return sitePathOr(from.startsWith("/") ? from : `/${from}`);
}
