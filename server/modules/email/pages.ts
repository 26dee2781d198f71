/** The few server-rendered pages of email: the unsubscribe confirmation and the development mailbox. No scripts. */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const CSS = `body{font-family:system-ui,sans-serif;background:#f4f6f3;margin:0;padding:2rem;color:#1b1b1b}
main{background:#fff;padding:1.5rem 2rem;border-radius:12px;box-shadow:0 2px 12px #0002;max-width:960px;margin:auto}
.badge{display:inline-block;background:#fde68a;border-radius:99px;padding:.1rem .6rem;font-size:.8rem}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left;font-size:.9rem;vertical-align:top}
pre{white-space:pre-wrap;background:#f7f7f7;padding:1rem;border-radius:6px}iframe{width:100%;height:480px;border:1px solid #ccc;border-radius:6px}
button{padding:.6rem 1.2rem;font-size:1rem;background:#1f7a4d;color:#fff;border:0;border-radius:6px;cursor:pointer}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
.scroll{overflow-x:auto}td{overflow-wrap:anywhere;min-width:4rem}
@media (max-width:600px){body{padding:.5rem}main{padding:1rem}h1{font-size:1.5rem}}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${CSS}</style></head>
<body><main>${body}</main></body></html>`;
}

const CATEGORY_TEXT = {
  'list-updates': 'mails about new lists from handles you follow',
  'form-responses': 'mails about responses to your chat forms',
  // Every kind in the category (categories.ts): a supplier leaving a broken-link notice knows it is this one.
  notices: 'other mails from Freshlist (invites, notices about your handle and your lists, requests for you to review)',
} as const;

/** a***@example.com: enough to recognise one's own address, not to harvest it from a leaked link. */
export function maskAddress(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

const MANAGE = '<p><a href="/settings">Manage email settings</a></p>';

export function unsubscribePage(options: {
  state: 'confirm' | 'done' | 'undone' | 'unknown';
  category: keyof typeof CATEGORY_TEXT;
  email?: string;
  action?: string;
  /** On the done page: the form that puts the category back to `restore`. */
  undo?: { action: string; restore: string };
}): string {
  if (options.state === 'unknown') {
    return page('Unsubscribe – Freshlist', '<h1>Unsubscribe</h1><p>This unsubscribe link is not valid (any more).</p>');
  }
  const what = CATEGORY_TEXT[options.category];
  const who = options.email ? ` for ${escapeHtml(maskAddress(options.email))}` : '';
  if (options.state === 'done') {
    const undo = options.undo
      ? `<form method="post" action="${escapeHtml(options.undo.action)}"><input type="hidden" name="restore" value="${escapeHtml(options.undo.restore)}"><p>Pressed by mistake? <button type="submit">Undo</button></p></form>`
      : '';
    return page(
      'Unsubscribed – Freshlist',
      `<h1>You're unsubscribed</h1><p>You will get no more ${escapeHtml(what)}${who}.</p>${undo}${MANAGE}`,
    );
  }
  if (options.state === 'undone') {
    return page(
      'Subscribed again – Freshlist',
      `<h1>You're subscribed again</h1><p>You get ${escapeHtml(what)} as before.</p>${MANAGE}`,
    );
  }
  return page(
    'Unsubscribe – Freshlist',
    `<h1>Unsubscribe</h1><p>Stop ${escapeHtml(what)}${who}?</p>
<form method="post" action="${escapeHtml(options.action ?? '')}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>${MANAGE}`,
  );
}

const time = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString().replace('T', ' ').slice(0, 19));

export function mailboxListPage(
  mails: Array<{ id: number; kind: string; state: string; recipient: string | null; subject: string | null; createdAt: number }>,
): string {
  const rows = mails
    .map(
      (m) =>
        `<tr><td><a href="/dev/mailbox/${m.id}">#${m.id}</a></td><td>${escapeHtml(m.state)}</td><td>${escapeHtml(time(m.createdAt))}</td><td>${escapeHtml(m.kind)}</td><td>${escapeHtml(m.recipient ?? '(not rendered yet)')}</td><td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject ?? '(not rendered yet)')}</a></td></tr>`,
    )
    .join('');
  return page(
    'Development mailbox – Freshlist',
    `<p class="badge">Development mailbox</p><h1>Mail Freshlist would have sent</h1>
<p>No SMTP_URL is set, so mail stays here. Newest first.</p>
${mails.length ? `<div class="scroll"><table><thead><tr><th>#</th><th>State</th><th>Written (UTC)</th><th>Kind</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table></div>` : '<p>No mail yet.</p>'}`,
  );
}

export function mailboxItemPage(mail: {
  id: number;
  kind: string;
  state: string;
  recipient: string | null;
  subject: string | null;
  html: string | null;
  text: string | null;
  messageId: string;
  createdAt: number;
  sentAt: number | null;
  lastError: string | null;
}): string {
  const field = (name: string, value: string) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`;
  return page(
    `${mail.subject ?? `Mail #${mail.id}`} – Development mailbox`,
    `<p><a href="/dev/mailbox">← All mail</a></p><h1>${escapeHtml(mail.subject ?? `Mail #${mail.id}`)}</h1>
<dl>${field('To', mail.recipient ?? '')}${field('Kind', mail.kind)}${field('State', mail.state)}${field('Message-ID', mail.messageId)}${field('Written', time(mail.createdAt))}${field('Delivered', time(mail.sentAt))}${mail.lastError ? field('Note', mail.lastError) : ''}</dl>
<h2>HTML</h2>${mail.html ? `<iframe sandbox title="HTML part" srcdoc="${escapeHtml(mail.html)}"></iframe>` : '<p>(not rendered yet)</p>'}
<h2>Text</h2><pre>${escapeHtml(mail.text ?? '(not rendered yet)')}</pre>`,
  );
}
