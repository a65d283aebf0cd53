/**
 * The project's one mail module. The transport is chosen by configuration:
 * - MAIL_TRANSPORT=smtp   → worker-mailer over cloudflare:sockets (locally: maildev on SMTP_HOST:SMTP_PORT)
 * - MAIL_TRANSPORT=resend → Resend's HTTP API (production bulk mail; secret RESEND_API_KEY)
 * Sending never throws: it returns a result, and `transient` says whether a retry may help.
 */
import { WorkerMailer } from "worker-mailer";
import { z } from "zod";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
};

export type SendResult =
  | { status: "sent"; id: string | null }
  | { status: "error"; transient: boolean; message: string };

export type MailTransport = { name: string; send(message: MailMessage): Promise<SendResult> };

const ResendResponseSchema = z.object({ id: z.string() });

export function getMailTransport(env: Env): MailTransport {
  switch (env.MAIL_TRANSPORT) {
    case "resend":
      return resendTransport(env);
    case "smtp":
    default:
      return smtpTransport(env);
  }
}

export async function sendMail(env: Env, message: MailMessage): Promise<SendResult> {
  return getMailTransport(env).send(message);
}

function smtpTransport(env: Env): MailTransport {
  return {
    name: "smtp",
    async send(message) {
      try {
        await WorkerMailer.send(
          {
            host: env.SMTP_HOST,
            port: Number(env.SMTP_PORT),
            secure: env.SMTP_SECURE === "true",
            startTls: env.SMTP_STARTTLS === "true",
            credentials: env.SMTP_USER ? { username: env.SMTP_USER, password: env.SMTP_PASSWORD ?? "" } : undefined,
            socketTimeoutMs: 10_000,
            responseTimeoutMs: 10_000,
          },
          {
            from: env.MAIL_FROM,
            to: message.to,
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

function resendTransport(env: Env): MailTransport {
  return {
    name: "resend",
    async send(message) {
      if (!env.RESEND_API_KEY) return { status: "error", transient: false, message: "RESEND_API_KEY is not set." };
      let response: Response;
      try {
        response = await fetch("https://api.resend.com/emails", {
          method: "POST",
          headers: { Authorization: `Bearer ${env.RESEND_API_KEY}`, "Content-Type": "application/json" },
          body: JSON.stringify({
            from: env.MAIL_FROM,
            to: [message.to],
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
