/**
 * Every e-mail the product sends has a plain-text and an HTML body in one layout, every value
 * escaped. The mails themselves belong to the module that sends them (`<module>.mail.ts`).
 */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function layout(greetingName: string, paragraphs: string[], link: { url: string; label: string }) {
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2933;line-height:1.5">
<p>Hello ${escapeHtml(greetingName)},</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.url)}" style="background:#0b7285;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(link.label)}</a></p>
<p style="color:#52606d;font-size:13px">If the button does not work, copy this address into your browser:<br>${escapeHtml(link.url)}</p>
<p style="color:#52606d;font-size:13px">Krowd: the customer acquisition marketplace</p>
</body></html>`;
  const text = [
    `Hello ${greetingName},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    `${link.label}: ${link.url}`,
    '',
    'Krowd: the customer acquisition marketplace',
  ].join('\n');
  return { html, text };
}
