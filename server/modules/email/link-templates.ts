import { logoPath } from '../../../core/business-profile';
import { type LinkHealth, linkHealthMessage } from '../../../core/link-check';
import { type MailSection, paragraph } from './layout';
import type { ChangedList } from './list-change-repository';
import { bellNote, businessHeader } from './list-templates';
import { button, escapeHtml, handlePath, type MailContext, mail, oneLine, para, type RenderedMail, url } from './templates';

/**
 * The mails the link watcher causes (docs/decisions/0153): "list updated" is its own item, never
 * a new post; it leads to the list's page (its stable address), where Open list takes people on.
 */
const listUrl = (ctx: MailContext, list: ChangedList) =>
  url(ctx, `${handlePath(list.handle)}/lists/${encodeURIComponent(list.slug)}`);
const changedLabel = (list: ChangedList) => `${oneLine(list.listName)} (updated)`;

/** The "Updated lists" part of a mail: one line a list, by business. */
export function changedListsParts(ctx: MailContext, lists: ChangedList[]): { text: string[]; html: string[] } {
  const byHandle = new Map<string, ChangedList[]>();
  for (const list of lists) byHandle.set(list.handle, [...(byHandle.get(list.handle) ?? []), list]);
  const text: string[] = [];
  const html: string[] = [];
  for (const [handle, group] of byHandle) {
    const name = `${oneLine(group[0]?.displayName ?? '')} (@${handle})`;
    text.push(
      '',
      name,
      ...group.flatMap((l) => [
        `- ${changedLabel(l)}: ${listUrl(ctx, l)}`,
        ...(l.changes
          ? [`  ${[l.changes.summary, ...l.changes.moves].join('; ')}`, `  What changed: ${url(ctx, l.changes.path)}`]
          : []),
      ]),
    );
    const items = group
      .map(
        (l) =>
          `<li><a href="${escapeHtml(listUrl(ctx, l))}">${escapeHtml(changedLabel(l))}</a>${
            l.changes
              ? `<br><strong>${escapeHtml(l.changes.summary)}</strong>${l.changes.moves.map((m) => `<br>${escapeHtml(m)}`).join('')}` +
                `<br><a href="${escapeHtml(url(ctx, l.changes.path))}">See what changed</a>`
              : ''
          }</li>`,
      )
      .join('');
    html.push(`<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(name)}</h2><ul>${items}</ul>`);
  }
  return { text, html };
}

/** One updated list in the instant mail: its name, what changed, and Open list (the newest file, counted). */
function changedCard(ctx: MailContext, list: ChangedList): MailSection {
  const page = listUrl(ctx, list);
  const open = `${page}/open`;
  const name = oneLine(list.listName);
  const c = list.changes;
  return {
    text: [
      '',
      `* ${name} (updated)`,
      ...(c ? [`  ${[c.summary, ...c.moves].join('; ')}`, `  What changed: ${url(ctx, c.path)}`] : []),
      `  Open list: ${open}`,
    ],
    html: `<div style="border:1px solid #e4e7ec;border-radius:10px;padding:12px 16px;margin:0 0 12px"><p style="margin:0 0 4px;font-weight:700;font-size:17px"><a href="${escapeHtml(page)}" style="color:#1b1b1b;text-decoration:none">${escapeHtml(name)}</a></p>${
      c
        ? `<p style="margin:0 0 6px;font-size:14px;color:#344054"><strong>${escapeHtml(c.summary)}</strong>${c.moves
            .map((m) => `<br>${escapeHtml(m)}`)
            .join('')}<br><a href="${escapeHtml(url(ctx, c.path))}" style="color:#1f7a4d">See what changed</a></p>`
        : ''
    }${button(open, 'Open list')}</div>`,
  };
}

/** Instantly: a followed business updated the file behind one or more of its lists (its logo above, issue 43). */
export function listChangedMail(
  ctx: MailContext,
  data: { handle: string; displayName: string; lists: ChangedList[] },
): RenderedMail {
  const count = data.lists.length;
  const what = count === 1 ? oneLine(data.lists[0]?.listName ?? 'a list') : `${count} lists`;
  const logo = data.lists.find((l) => l.logoVersion)?.logoVersion;
  const header = businessHeader(ctx, {
    handle: data.handle,
    displayName: data.displayName,
    logoUrl: logo ? url(ctx, logoPath(data.handle, logo)) : null,
    posts: [],
  });
  return mail(ctx, {
    subject: `${oneLine(data.displayName)} (@${data.handle}) updated ${what}`,
    preheader: data.lists.map((l) => oneLine(l.listName)).join(', '),
    sections: [
      header,
      paragraph(`${oneLine(data.displayName)} changed the file behind ${count === 1 ? 'this list' : 'these lists'}:`),
      ...data.lists.map((l) => changedCard(ctx, l)),
      bellNote(ctx),
    ],
  });
}

/** To the owner: people following the list's link cannot open its file, and how to fix it. */
export function linkBrokenMail(
  ctx: MailContext,
  data: { handle: string; listName: string; slug: string; health: LinkHealth; provider: string | null },
): RenderedMail {
  const name = oneLine(data.listName);
  const problem = linkHealthMessage(data.health, data.provider) ?? 'The file behind this list cannot be opened.';
  const dashboard = url(ctx, '/dashboard');
  return mail(ctx, {
    subject: `People cannot open your list ${name}`,
    text: [
      `Freshlist checked the link of your list ${name} (@${data.handle}) and people cannot open the file:`,
      problem,
      '',
      'Once the file can be opened again, Freshlist notices by itself and your list shows as usual.',
      `Your lists: ${dashboard}`,
    ],
    html: [
      para(`Freshlist checked the link of your list ${name} (@${data.handle}) and people cannot open the file:`),
      `<p><strong>${escapeHtml(problem)}</strong></p>`,
      para('Once the file can be opened again, Freshlist notices by itself and your list shows as usual.'),
      button(dashboard, 'Your lists'),
    ],
  });
}
