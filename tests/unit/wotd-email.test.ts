import { expect, test } from "vitest";
import { parseConfig } from "../../app/services/config.server";
import { renderAlreadySubscribedEmail, renderConfirmEmail, renderContactEmail, renderWotdEmail, siteInfo } from "../../app/services/emails.server";

const site = siteInfo(parseConfig({ SITE_NAME: "Nishnaabemwin", SITE_URL: "https://example.org/" }));
const word = {
  day: "2030-01-01",
  lexemeId: 42,
  name: "maajaa",
  pos: "vai",
  gloss: "s/he leaves <fast> & far",
  audioPath: "/audio/42.mp3",
  example: { text: "Maajaa.", trans: "S/he leaves." },
};

test("the daily email escapes data in HTML and carries RFC 8058 headers with https links", () => {
  const mail = renderWotdEmail(site, word, {
    email: "a+b@example.org",
    unsubscribeToken: "tok_en-123456789012345678901",
    clickToken: "7.abcdefghijklmnopqrstuv",
  });
  expect(mail.html).toContain("s/he leaves &lt;fast&gt; &amp; far");
  expect(mail.html).not.toContain("<fast>");
  expect(mail.text).toContain("s/he leaves <fast> & far");
  expect(mail.headers).toEqual({
    "List-Unsubscribe": "<https://example.org/unsubscribe/one-click?t=tok_en-123456789012345678901>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  });
  // The word link names the subscriber by an opaque reference, never by the address.
  expect(mail.text).toContain("https://example.org/k/42?r=7.abcdefghijklmnopqrstuv");
  expect(mail.text).not.toContain("a%2Bb%40example.org");
  expect(mail.html).not.toContain("a+b@example.org");
  expect(mail.text).toContain("Listen: https://example.org/audio/42.mp3");
  expect(mail.text).toContain("Unsubscribe: https://example.org/unsubscribe?t=tok_en-123456789012345678901");
});

test("a word without audio or example leaves those parts out", () => {
  const mail = renderWotdEmail(
    site,
    { ...word, audioPath: null, example: null },
    { email: "x@example.org", unsubscribeToken: "t".repeat(43), clickToken: "1.abcdefghijklmnopqrstuv" },
  );
  expect(mail.text).not.toContain("Listen:");
  expect(mail.html).not.toContain("/audio/");
});

test("a contact subject cannot inject header lines", () => {
  const mail = renderContactEmail(site, "owner@example.org", {
    id: 1,
    name: "N",
    email: "n@example.org",
    subject: "Hi\r\nBcc: victim@example.org",
    message: "<b>hello</b>",
  });
  expect(mail.subject).not.toMatch(/[\r\n]/);
  expect(mail.html).toContain("&lt;b&gt;hello&lt;/b&gt;");
  expect(mail.replyTo).toBe("n@example.org");
});

test("every email wears the site's wordmark band and colours (tokens.css), with no template text left over", () => {
  const mails = [
    renderWotdEmail(site, word, { email: "a@example.org", unsubscribeToken: "tok", clickToken: "click" }),
    renderConfirmEmail(site, { email: "a@example.org", token: "tok" }),
    renderAlreadySubscribedEmail(site, { email: "a@example.org", unsubscribeToken: "tok" }),
  ];
  for (const mail of mails) {
    expect(mail.html).toMatch(/background:#1b1d36;color:#f6f1e7;[^>]*>Nishnaabemwin</);
    expect(mail.html).toContain("background:#fbf7ef");
    expect(mail.html).not.toContain("${");
  }
  expect(mails[0]!.html).toContain("background:#9b1d45");
});
