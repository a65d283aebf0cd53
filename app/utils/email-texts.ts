/**
 * docs/product.md §8 texts of the Word of the Day, unsubscribe, confirm and contact forms. No zod import:
 * route components use these, and zod must stay out of public pages' client JavaScript.
 */
export const CONTACT_DEFAULT_SUBJECT = "Aanii!";

/**
 * docs/product.md §8, word for word; `success` is said once the address is confirmed (/confirm-email), not when the
 * form is sent: until then nothing is signed up, and wotdSentMessage says what did happen (then `confirmPrompt`).
 */
export const WOTD_TEXT = {
  error: "There was an error signing up.",
  success: "Congratulations, you are now signed up for the Nishnaabemwin Word of the Day!",
  confirmPrompt: "Please confirm your email address: open the email we sent you and press 'Confirm subscription'.",
  rateLimited: "Too many sign-ups from your network. Please try again in an hour.",
} as const;

/** The sign-up form's answer: a link was sent to the address (the same answer whatever the address's state). */
export const wotdSentMessage = (email: string) => `Almost there: we sent a confirmation link to ${email}.`;

export const UNSUBSCRIBE_TEXT = {
  invalid: "The provided unsubscribe token is invalid. If you believe this is an error, please contact us.",
  validationError: "There was an error validating the token. Please refresh the page to try again. If this error continues, please contact us.",
  failure: "There was an error unsubscribing. Please refresh the page to try again. If this error continues, please contact us.",
  success: "You have been unsubscribed from our emails.",
  /** The link opened again after unsubscribing (docs/product.md gives no text for it). */
  already: "You are already unsubscribed.",
} as const;

export const CONFIRM_TEXT = {
  invalid: "The provided confirm token is invalid.",
  success: "Your email has been confirmed.",
  already: "Your subscription is already confirmed.",
  prompt: "Please confirm that you want to receive the Nishnaabemwin Word of the Day by email.",
  error: "There was an error confirming your email. Please refresh the page to try again.",
} as const;

export const CONTACT_TEXT = {
  success: "Message received!",
  networkError: "Error contacting server! Please try again.",
  serverError: "There was an error sending your message. Please try again later.",
  rateLimited: "Too many messages from your network. Please try again in an hour.",
} as const;

/** Seconds a contact message stays visible when JavaScript runs (docs/product.md §9). */
export const CONTACT_MESSAGE_MS = 3000;
