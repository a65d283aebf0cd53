/**
 * The project's one mail module. The transport is chosen by configuration (MAIL_TRANSPORT):
 * - `smtp`   → worker-mailer over cloudflare:sockets (locally: maildev on SMTP_HOST:SMTP_PORT)
 * - `resend` → Resend's HTTP API (production bulk mail; secret RESEND_API_KEY)
 * - `record` → keeps every message in memory (tests and the bench; never sends anything)
 * Sending never throws: it returns a result, and `transient` says whether a retry may help.
 */
import { WorkerMailer } from "worker-mailer";
import { z } from "zod";
import type { Config } from "./config.server";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go (the contact form sets the sender's address). */
  replyTo?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
};

export type SendResult = { status: "sent"; id: string | null } | { status: "error"; transient: boolean; message: string };

export type MailTransport = { name: string; send(message: MailMessage): Promise<SendResult> };

const ResendResponseSchema = z.object({ id: z.string() });

export function getMailTransport(config: Config): MailTransport {
  switch (config.mail.transport) {
    case "resend":
      return resendTransport(config);
    case "record":
      return recordingTransport;
    case "smtp":
      return smtpTransport(config);
  }
}

export async function sendMail(config: Config, message: MailMessage): Promise<SendResult> {
  return getMailTransport(config).send(message);
}

/** "Name <addr@host>" or "addr@host" → worker-mailer's user object. */
export function parseAddress(value: string): { name?: string; email: string } {
  const match = /^\s*(.*?)\s*<([^<>\s]+@[^<>\s]+)>\s*$/.exec(value);
  if (!match) return { email: value.trim() };
  const name = match[1].replace(/^"|"$/g, "");
  return name ? { name, email: match[2] } : { email: match[2] };
}

// ---------------------------------------------------------------- recording transport

/** Full messages kept for tests (the newest few hundred, to stay far below the isolate memory limit); counts are kept for every message. */
const RECORD_KEEP = 500;
const recorded: MailMessage[] = [];
const recordedCounts = new Map<string, number>();

/** MAIL_TRANSPORT=record: messages stay in this isolate's memory (read them with `getRecordedMail`). */
export const recordingTransport: MailTransport = {
  name: "record",
  async send(message) {
    recorded.push(structuredClone(message));
    if (recorded.length > 2 * RECORD_KEEP) recorded.splice(0, recorded.length - RECORD_KEEP);
    const key = `${message.subject}\n${message.to}`;
    recordedCounts.set(key, (recordedCounts.get(key) ?? 0) + 1);
    return { status: "sent", id: `record-${recordedCounts.size}` };
  },
};

/** The newest messages the recording transport has taken in this isolate (oldest first). */
export function getRecordedMail(): readonly MailMessage[] {
  return recorded;
}

/** For the bench: how many messages whose subject starts with `subjectPrefix`, to how many addresses. */
export function getRecordedMailStats(subjectPrefix: string) {
  let messages = 0;
  let recipients = 0;
  let duplicates = 0;
  for (const [key, count] of recordedCounts) {
    if (!key.startsWith(subjectPrefix)) continue;
    messages += count;
    recipients++;
    duplicates += count - 1;
  }
  return { messages, recipients, duplicates };
}

// ---------------------------------------------------------------- SMTP

function smtpTransport({ mail: { smtp }, mailFrom }: Config): MailTransport {
  return {
    name: "smtp",
    async send(message) {
      try {
        await WorkerMailer.send(
          {
            host: smtp.host,
            port: smtp.port,
            secure: smtp.secure,
            startTls: smtp.startTls,
            credentials: smtp.user ? { username: smtp.user, password: smtp.password } : undefined,
            socketTimeoutMs: 10_000,
            responseTimeoutMs: 10_000,
          },
          {
            from: parseAddress(mailFrom),
            to: message.to,
            reply: message.replyTo,
            subject: message.subject,
            text: message.text,
            html: message.html,
            headers: message.headers,
          },
        );
        return { status: "sent", id: null };
      } catch (error) {
        // Connection problems and 4xx SMTP replies are worth retrying; we cannot tell them apart reliably.
        return { status: "error", transient: true, message: String(error instanceof Error ? error.message : error) };
      }
    },
  };
}

// ---------------------------------------------------------------- Resend (HTTP)

function resendTransport({ mail: { resendApiKey }, mailFrom }: Config): MailTransport {
  return {
    name: "resend",
    async send(message) {
      if (!resendApiKey) return { status: "error", transient: false, message: "RESEND_API_KEY is not set." };
      let response: Response;
      try {
        response = await fetch("https://api.resend.com/emails", {
          method: "POST",
          headers: { Authorization: `Bearer ${resendApiKey}`, "Content-Type": "application/json" },
          body: JSON.stringify({
            from: mailFrom,
            to: [message.to],
            reply_to: message.replyTo,
            subject: message.subject,
            text: message.text,
            html: message.html,
            headers: message.headers,
          }),
        });
      } catch (error) {
        return { status: "error", transient: true, message: String(error) };
      }
      if (!response.ok) {
        const transient = response.status === 429 || response.status >= 500;
        return { status: "error", transient, message: `Resend answered ${response.status}` };
      }
      const parsed = ResendResponseSchema.safeParse(await response.json().catch(() => null));
      return { status: "sent", id: parsed.success ? parsed.data.id : null };
    },
  };
}
