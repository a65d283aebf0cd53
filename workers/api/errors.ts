/**
 * Every error code the JSON API answers, in one table: code → HTTP status, default message and
 * what it means. Handlers answer with `apiError(c, "CODE")`, or `apiError(c, "CODE", "a docs/product.md
 * message")` where a call has its own wording. The OpenAPI description (./openapi.ts) lists the
 * codes from this table, and tests import the codes from here.
 *
 * The body is `{ error: { code, message, issues? } }`; the docs/product.md §7 and editor calls that answer
 * `{ success }` put `{ success: false }` (and e.g. `ignored: true`) before `error` (option `fields`).
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

type ErrorSpec = { status: ContentfulStatusCode; message: string; description: string };

export const API_ERRORS = {
  VALIDATION: {
    status: 400,
    message: "The request was not valid.",
    description: "The input was refused; `issues` lists each problem as { path, message }.",
  },
  UNAUTHORIZED: {
    status: 401,
    message: "Please log in.",
    description: "Not signed in: no session cookie, or a forged, expired or revoked one.",
  },
  FORBIDDEN: {
    status: 403,
    message: "You do not have permission to do that.",
    description: "Signed in, but the account's role does not allow the call.",
  },
  NOT_FOUND: {
    status: 404,
    message: "No such API endpoint.",
    description: "No such endpoint, or nothing with that id.",
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    message: "This call does not answer that method.",
    description: "The path exists but not with this method; the `Allow` header lists the methods it answers.",
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    message: "The request is too large.",
    description: "The request body is over the call's size limit (the message says the limit); nothing was read past it.",
  },
  IGNORED: {
    status: 409,
    message: "The change was ignored.",
    description: "An editor change that would change nothing or conflicts with the current data; the body also has `ignored: true`.",
  },
  RATE_LIMITED: {
    status: 429,
    message: "Too many requests. Please try again later.",
    description:
      "Too many requests from this network (an IPv6 /64 counts as one), for this account or device; the Retry-After header says how many seconds to wait.",
  },
  HTTP_ERROR: {
    status: 500,
    message: "The request could not be handled.",
    description: "An HTTP error raised while handling the request; the status is that error's own.",
  },
  INTERNAL: {
    status: 500,
    message: "Something went wrong. Please try again.",
    description: "An unexpected server error (never a stack trace).",
  },
} as const satisfies Record<string, ErrorSpec>;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** The codes by name, for comparisons and tests: `ERROR_CODES.UNAUTHORIZED === "UNAUTHORIZED"`. */
export const ERROR_CODES = Object.fromEntries(Object.keys(API_ERRORS).map((code) => [code, code])) as {
  readonly [K in ApiErrorCode]: K;
};

export type ApiIssue = { path: string; message: string };

export type ApiErrorOptions = {
  /** Replaces the table's message (a docs/product.md message, or a more specific one). */
  message?: string;
  /** Only where the status is not fixed by the code (HTTP_ERROR carries the exception's status). */
  status?: ContentfulStatusCode;
  issues?: ApiIssue[];
  /** Fields before `error` in the body, e.g. `{ success: false }` for the docs/product.md §7 and editor calls. */
  fields?: Record<string, unknown>;
};

/** The JSON body of an error answer (without sending it). */
export function apiErrorBody(code: ApiErrorCode, options: ApiErrorOptions = {}) {
  const error: { code: ApiErrorCode; message: string; issues?: ApiIssue[] } = {
    code,
    message: options.message ?? API_ERRORS[code].message,
  };
  if (options.issues) error.issues = options.issues;
  return { ...options.fields, error };
}

/** Answers an error from the table: its status and `{ error: { code, message, issues? } }`. */
export function apiError(c: Context, code: ApiErrorCode, options: string | ApiErrorOptions = {}): Response {
  const opts = typeof options === "string" ? { message: options } : options;
  return c.json(apiErrorBody(code, opts), opts.status ?? API_ERRORS[code].status);
}
