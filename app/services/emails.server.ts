/**
 * Email bodies (HTML + plain text) for the Word of the Day and the contact form. Pure functions:
 * no bindings, so unit tests render them directly. Every value from the database is escaped.
 */
import type { Config } from "./config.server";
import type { MailMessage } from "./mail.server";
import type { WotdContent } from "../../db/queries/wotd";
import { escapeHtml } from "../core/html";

export type SiteInfo = { siteName: string; siteUrl: string };

export function siteInfo(config: Pick<Config, "siteName" | "siteUrl">): SiteInfo {
  return { siteName: config.siteName, siteUrl: config.siteUrl };
}

/**
 * The site's colours (app/styles/tokens.css, ADR 014), written out: mail clients read no stylesheet. The header is the
 * site's wordmark on its velvet band; buttons are the site's accent.
 */
const EMAIL = {
  bg: "#fbf7ef",
  surface: "#ffffff",
  ink: "#1f1c24",
  muted: "#57525e",
  line: "#e2d9cc",
  velvet: "#1b1d36",
  velvetInk: "#f6f1e7",
  accent: "#9b1d45",
} as const;
const DISPLAY_FONT = `"Iowan Old Style","Palatino Linotype",Palatino,"Book Antiqua",Georgia,serif`;

function layout(site: SiteInfo, title: string, body: string, footer = "") {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:${EMAIL.bg};font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:${EMAIL.ink};">
<div style="max-width:560px;margin:0 auto;padding:24px 16px;">
<p style="margin:0 0 16px;padding:12px 16px;background:${EMAIL.velvet};color:${EMAIL.velvetInk};border-radius:8px;font-family:${DISPLAY_FONT};font-size:20px;font-weight:bold;letter-spacing:0.01em;">${escapeHtml(site.siteName)}</p>
<div style="background:${EMAIL.surface};border:1px solid ${EMAIL.line};border-radius:8px;padding:16px;">
${body}
</div>
<p style="font-size:13px;color:${EMAIL.muted};margin-top:24px;">${footer}</p>
</div></body></html>`;
}

const buttonStyle = `display:inline-block;padding:10px 18px;background:${EMAIL.accent};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;`;

/** Absolute URL of the one-click unsubscribe endpoint (RFC 8058) for a token. */
export function oneClickUnsubscribeUrl(site: SiteInfo, token: string) {
  return `${site.siteUrl}/unsubscribe/one-click?t=${encodeURIComponent(token)}`;
}

/** RFC 8058 one-click unsubscribe headers of a mail to a subscriber. */
function unsubscribeHeaders(site: SiteInfo, token: string) {
  return { "List-Unsubscribe": `<${oneClickUnsubscribeUrl(site, token)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

export function unsubscribePageUrl(site: SiteInfo, token: string) {
  return `${site.siteUrl}/unsubscribe?t=${encodeURIComponent(token)}`;
}

/** The daily email: word, part of speech, gloss, example, audio link, word page link, unsubscribe link. */
export function renderWotdEmail(site: SiteInfo, word: WotdContent, recipient: { email: string; unsubscribeToken: string; clickToken: string }): MailMessage {
  // The link names the subscriber by an opaque token (email-tokens.server.ts), never by the address.
  const wordUrl = `${site.siteUrl}/k/${word.lexemeId}?r=${encodeURIComponent(recipient.clickToken)}`;
  const audioUrl = word.audioPath ? `${site.siteUrl}${word.audioPath}` : null;
  const unsubscribeUrl = unsubscribePageUrl(site, recipient.unsubscribeToken);
  const subject = `Word of the Day: ${word.name}`;

  const html = layout(
    site,
    subject,
    `<h1 style="font-size:20px;margin:0 0 8px;">Nishnaabemwin Word of the Day</h1>
<p style="font-size:28px;margin:8px 0;"><strong lang="otw">${escapeHtml(word.name)}</strong> <span style="font-size:16px;color:${EMAIL.muted};">(${escapeHtml(word.pos)})</span></p>
<p style="font-size:18px;margin:0 0 16px;">${escapeHtml(word.gloss)}</p>
${
  word.example
    ? `<p style="margin:0 0 4px;"><em lang="otw">${escapeHtml(word.example.text)}</em></p>
<p style="margin:0 0 16px;color:${EMAIL.muted};">${escapeHtml(word.example.trans)}</p>`
    : ""
}${audioUrl ? `<p><a href="${escapeHtml(audioUrl)}">Listen to ${escapeHtml(word.name)}</a></p>` : ""}
<p><a href="${escapeHtml(wordUrl)}" style="${buttonStyle}">See the word</a></p>`,
    `You get this email because you signed up for the ${escapeHtml(site.siteName)} Word of the Day. ` +
      `<a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a>`,
  );

  const text = [
    "Nishnaabemwin Word of the Day",
    "",
    `${word.name} (${word.pos})`,
    word.gloss,
    ...(word.example ? ["", word.example.text, word.example.trans] : []),
    ...(audioUrl ? ["", `Listen: ${audioUrl}`] : []),
    "",
    `See the word: ${wordUrl}`,
    "",
    "--",
    `You get this email because you signed up for the ${site.siteName} Word of the Day.`,
    `Unsubscribe: ${unsubscribeUrl}`,
  ].join("\n");

  return { to: recipient.email, subject, text, html, headers: unsubscribeHeaders(site, recipient.unsubscribeToken) };
}

/** The double opt-in email: its 'Confirm subscription' button carries the confirmation token. */
export function renderConfirmEmail(site: SiteInfo, recipient: { email: string; token: string }): MailMessage {
  const confirmUrl = `${site.siteUrl}/confirm-email?t=${encodeURIComponent(recipient.token)}`;
  const subject = `Confirm your ${site.siteName} Word of the Day subscription`;
  const html = layout(
    site,
    subject,
    `<h1 style="font-size:20px;margin:0 0 8px;">Aanii!</h1>
<p>Please confirm that you want to receive the Nishnaabemwin Word of the Day at ${escapeHtml(recipient.email)}.</p>
<p><a href="${escapeHtml(confirmUrl)}" style="${buttonStyle}">Confirm subscription</a></p>
<p style="font-size:13px;color:${EMAIL.muted};">Or open this link: ${escapeHtml(confirmUrl)}</p>`,
    "If you did not sign up, ignore this email: you will not get any Word of the Day emails.",
  );
  const text = [
    "Aanii!",
    "",
    `Please confirm that you want to receive the Nishnaabemwin Word of the Day at ${recipient.email}.`,
    "",
    `Confirm subscription: ${confirmUrl}`,
    "",
    "If you did not sign up, ignore this email: you will not get any Word of the Day emails.",
  ].join("\n");
  return { to: recipient.email, subject, text, html };
}

/**
 * To the owner of an address that is already subscribed, when someone signs it up again (the form answers everyone
 * alike, so only the owner learns it): nothing changed, and how to stop the emails.
 */
export function renderAlreadySubscribedEmail(site: SiteInfo, recipient: { email: string; unsubscribeToken: string }): MailMessage {
  const unsubscribeUrl = unsubscribePageUrl(site, recipient.unsubscribeToken);
  const subject = `You are already subscribed to the ${site.siteName} Word of the Day`;
  const lines = [
    `Someone (we hope you) signed up ${recipient.email} for the Nishnaabemwin Word of the Day.`,
    "This address is already subscribed, so nothing changed: the emails keep coming as before.",
  ];
  const html = layout(
    site,
    subject,
    `<h1 style="font-size:20px;margin:0 0 8px;">Aanii!</h1>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
<p>If you no longer want them: <a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p>`,
    "If you did not sign up again, you can ignore this email.",
  );
  const text = ["Aanii!", "", ...lines, "", `Unsubscribe: ${unsubscribeUrl}`, "", "If you did not sign up again, you can ignore this email."].join("\n");
  return { to: recipient.email, subject, text, html, headers: unsubscribeHeaders(site, recipient.unsubscribeToken) };
}

/** A contact-form message forwarded to the site owner; replies go to the sender. */
export function renderContactEmail(
  site: SiteInfo,
  to: string,
  message: { name: string; email: string; subject: string; message: string; id: number },
): MailMessage {
  const subject = `[${site.siteName} contact] ${message.subject}`.replace(/[\r\n]+/g, " ");
  const html = layout(
    site,
    subject,
    `<p><strong>From:</strong> ${escapeHtml(message.name)} &lt;${escapeHtml(message.email)}&gt;</p>
<p><strong>Subject:</strong> ${escapeHtml(message.subject)}</p>
<div style="white-space:pre-wrap;background:#ffffff;padding:12px;border-radius:6px;">${escapeHtml(message.message)}</div>`,
    `Contact message #${message.id}, stored on the site.`,
  );
  const text = [
    `From: ${message.name} <${message.email}>`,
    `Subject: ${message.subject}`,
    "",
    message.message,
    "",
    "--",
    `Contact message #${message.id}, stored on the site.`,
  ].join("\n");
  return { to, subject, text, html, replyTo: message.email };
}
