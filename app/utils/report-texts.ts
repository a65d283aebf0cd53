/**
 * "Report a problem" and "Suggest a missing word": the kinds of report, their texts and limits. No zod here: the
 * public pages' components read these (the schema is in ./reports.ts).
 */
/** `recording`: "Ask for a recording" on a word without one (nothing to say is needed). */
export const REPORT_KINDS = ["word", "sentence", "story", "conjugator", "missing", "recording"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_MESSAGE_MAX = 2000;
export const REPORT_SUBJECT_MAX = 300;

export const REPORT_TEXT = {
  heading: {
    word: "Report a problem",
    sentence: "Report a problem",
    story: "Report a problem",
    conjugator: "Report a problem",
    missing: "Suggest a missing word",
    recording: "Ask for a recording",
  },
  messageLabel: {
    word: "What is wrong?",
    sentence: "What is wrong?",
    story: "What is wrong?",
    conjugator: "What is wrong?",
    missing: "Which word is missing, and what does it mean?",
    recording: "Anything an editor should know? (optional)",
  },
  about: { word: "The word", sentence: "The sentence", story: "The story", conjugator: "The form", missing: "You searched for", recording: "The word" },
  emailLabel: "Your email (optional, if you would like an answer)",
  submit: "Send",
  success: "Thank you! An editor will look at it.",
  error: "There was an error sending your report. Please try again later.",
  rateLimited: "Too many reports from your network. Please try again in an hour.",
} as const;

/** The report a lesson files when the data has no example sentences for it (not a kind visitors send). */
export const EXAMPLES_REPORT = { kind: "examples", editPath: "/DEV_editor/sentences" } as const;

/** The editor view where each kind of report is fixed (the report's subject is put in its search). */
export const EDITOR_EDIT_PATHS: Record<ReportKind, string> = {
  word: "/DEV_editor/words",
  missing: "/DEV_editor/words",
  recording: "/DEV_editor/words",
  sentence: "/DEV_editor/sentences",
  story: "/DEV_editor/sentences",
  conjugator: "/DEV_editor",
};
