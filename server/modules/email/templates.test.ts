import { describe, expect, it } from 'vitest';
import { formResponsesMail } from './form-templates';
import { oneLine } from './layout';
import { listChangedMail } from './link-templates';
import { listDigestMail, listUpdateMail, type MailPost } from './list-templates';
import {
  accountDeletedMail,
  accountRestoredMail,
  handleApprovedMail,
  handleRejectedMail,
  handleRemovedMail,
  handleRequestedMail,
  inviteMail,
  inviteRequestedMail,
} from './templates';

const ctx = { publicUrl: 'https://freshlist.example' };
const withUnsubscribe = {
  ...ctx,
  unsubscribeUrl: 'https://freshlist.example/api/email/unsubscribe?token=t&category=list-updates',
};
const evil = 'Eve <script>alert(1)</script> & "Co"\r\nBcc: victim@example.com';
const post = (id: number, description: string, list: Partial<MailPost> = {}): MailPost => ({
  id,
  url: `https://drive.google.com/${id}`,
  description,
  createdAt: 0,
  listName: description,
  listSlug: `list-${id}`,
  validFrom: null,
  validUntil: null,
  versions: 1,
  ...list,
});
const NOW = Date.UTC(2026, 10, 25);

describe('mail templates', () => {
  it('the invite links /invite/{handle} and escapes the name', () => {
    const mail = inviteMail(ctx, { handle: 'green-grocer', displayName: evil });
    expect(mail.subject).toBe("You're invited to Freshlist as @green-grocer");
    expect(mail.text).toContain('https://freshlist.example/invite/green-grocer');
    expect(mail.html).toContain('href="https://freshlist.example/invite/green-grocer"');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Eve &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot; Bcc: victim@example.com');
    expect(mail.text).toContain('Hello Eve <script>alert(1)</script> & "Co" Bcc: victim@example.com,');
    expect(mail.text).not.toContain('Unsubscribe');
  });

  it('an invite says who sent it, by public name, and what Freshlist is (#31)', () => {
    const mail = inviteMail(ctx, { handle: 'green-grocer', displayName: 'Green Grocer', invitedBy: evil });
    expect(mail.subject).toBe(
      'Eve <script>alert(1)</script> & "Co" Bcc: victim@example.com invited you to Freshlist as @green-grocer',
    );
    expect(mail.text).toContain('invited you to share your lists on Freshlist under the handle @green-grocer.');
    expect(mail.text).toContain('Freshlist is where suppliers, restaurants and small businesses share their latest menu');
    expect(mail.html).toContain(
      'Eve &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot; Bcc: victim@example.com invited you',
    );
    expect(mail.html).not.toContain('<script>');
  });

  it('the handle request goes to /admin/handles; subjects hold no line breaks', () => {
    const mail = handleRequestedMail(ctx, {
      handle: 'fresh-farm',
      displayName: evil,
      email: 'eve@example.com',
      usageDescription: 'Line one\r\nLine <b>two</b>',
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe('Handle request: @fresh-farm from Eve <script>alert(1)</script> & "Co" Bcc: victim@example.com');
    expect(mail.text).toContain('https://freshlist.example/admin/handles');
    expect(mail.text).toContain('Line one\nLine <b>two</b>');
    expect(mail.html).toContain('Line one\nLine &lt;b&gt;two&lt;/b&gt;');
    expect(mail.html).toContain('href="https://freshlist.example/admin/handles"');
  });

  it('approval, rejection and removal name the handle', () => {
    expect(handleApprovedMail(ctx, { handle: 'a-b', displayName: 'Ann' }).text).toContain('https://freshlist.example/a-b');
    expect(handleRejectedMail(ctx, { handle: 'a-b', displayName: 'Ann' }).subject).toBe('Your request for @a-b');
    expect(handleRemovedMail(ctx, { handle: 'a-b' }).subject).toBe('Your handle @a-b was removed');
  });

  it('a list update names each list, its validity and the business with its logo, with an Open list button', () => {
    const mail = listUpdateMail(
      withUnsubscribe,
      {
        handle: 'fresh-farm',
        displayName: 'Fresh <Farm>',
        logoUrl: 'https://freshlist.example/api/profiles/fresh-farm/logo?v=abc',
        posts: [
          post(7, 'Monday prices', { listName: 'Weekly prices', versions: 3, validUntil: '2026-11-30' }),
          post(8, '<img src=x onerror=alert(1)>', { listName: 'Summer menu', validUntil: '2020-08-31' }),
        ],
      },
      NOW,
    );
    expect(mail.subject).toBe('Fresh <Farm> (@fresh-farm) shared 2 new lists');
    expect(mail.text).toContain(
      '* Weekly prices · new version\n  Valid until 30 Nov\n  Monday prices\n  Open list: https://freshlist.example/fresh-farm/lists/list-7/open',
    );
    expect(mail.text).toContain('Expired (valid until 31 Aug 2020)');
    expect(mail.html).toContain('href="https://freshlist.example/fresh-farm/lists/list-8/open"');
    expect(mail.html).toContain('>Open list</a>');
    expect(mail.html).toContain(
      '<img src="https://freshlist.example/api/profiles/fresh-farm/logo?v=abc" width="48" height="48" alt=""',
    );
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('Fresh &lt;Farm&gt;');
    // Phones and Gmail: a viewport, one centred column of at most 600 px, the preheader names the lists.
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(mail.html).toContain('max-width:600px');
    expect(mail.html).toContain('Weekly prices, Summer menu</div>');
    expect(mail.text).toContain(`Unsubscribe: ${withUnsubscribe.unsubscribeUrl}`);
    expect(mail.html).toContain('href="https://freshlist.example/api/email/unsubscribe?token=t&amp;category=list-updates"');
  });

  it('a member’s mail with an unsubscribe link also links their settings; an invitee’s does not', () => {
    const news = { handle: 'fresh-farm', displayName: 'Fresh Farm', posts: [post(7, 'Monday prices')] };
    const member = listUpdateMail({ ...withUnsubscribe, settingsUrl: 'https://freshlist.example/settings' }, news, NOW);
    expect(member.text).toContain('Choose which mail you get: https://freshlist.example/settings');
    expect(member.html).toContain(
      '<a href="https://freshlist.example/settings" style="color:#1f7a4d">Choose which mail you get</a>',
    );
    const invitee = inviteMail(withUnsubscribe, { handle: 'fresh-farm', displayName: 'Fresh Farm' });
    expect(invitee.text).not.toContain('/settings');
    // A direct answer has no footer at all, settings or not.
    const answer = handleApprovedMail({ ...ctx, settingsUrl: 'https://freshlist.example/settings' }, news);
    expect(answer.text).not.toContain('/settings');
  });

  it('a digest groups lists by business', () => {
    const mail = listDigestMail(
      withUnsubscribe,
      {
        period: 'weekly',
        handles: [
          { handle: 'a', displayName: 'A', posts: [post(1, 'one')] },
          { handle: 'b', displayName: 'B', posts: [post(2, 'two'), post(3, '', { listName: '' })] },
        ],
      },
      NOW,
    );
    expect(mail.subject).toBe('Freshlist weekly digest: 3 new lists');
    expect(mail.text).toMatch(/A \(@a\) https:\/\/freshlist.example\/a\n\n\* one\n {2}Open list: .*\/a\/lists\/list-1\/open/);
    expect(mail.text).toContain('* New list\n  Open list: https://freshlist.example/b/lists/list-3/open');
  });

  it('form responses carry the answers and link the responses page', () => {
    const mail = formResponsesMail(ctx, {
      daily: false,
      forms: [
        {
          formId: 'abc_-1',
          title: 'Orders <b>',
          count: 7,
          latest: [
            {
              submittedAt: NOW,
              answers: [
                { field: 'name', answer: 'Ada <Lovelace>' },
                { field: 'breads', answer: ['Rye', 'Spelt'] },
                { field: 'delivery', answer: true },
                { field: 'note', answer: null },
              ],
            },
          ],
        },
      ],
    });
    expect(mail.subject).toBe('Orders <b>: 7 new responses');
    expect(mail.text).toContain('  name: Ada <Lovelace>\n  breads: Rye, Spelt\n  delivery: Yes\n  note: (skipped)');
    expect(mail.text).toContain('… and 6 more');
    expect(mail.text).toContain('See all responses: https://freshlist.example/chat-form-creator/abc_-1/responses');
    expect(mail.html).toContain('Ada &lt;Lovelace&gt;');
    expect(mail.html).toContain('Orders &lt;b&gt;');
  });

  it('a rejection carries the reason and what to do next; admins hear of invite requests; accounts deleted and restored', () => {
    const rejected = handleRejectedMail(ctx, { handle: 'a-b', displayName: 'Ann', reason: 'That name <belongs> to a chain.' });
    expect(rejected.text).toContain('The Freshlist team says:\nThat name <belongs> to a chain.');
    expect(rejected.text).toContain('- Ask for another handle: https://freshlist.example/request-handle');
    expect(rejected.html).toContain('That name &lt;belongs&gt; to a chain.');
    expect(handleRejectedMail(ctx, { handle: 'a-b', displayName: 'Ann' }).text).not.toContain('says');
    const request = inviteRequestedMail(ctx, { name: 'Bo Bakery', email: 'bo@example.com', handle: 'bo-bakery' });
    expect(request.subject).toBe('Invite request: @bo-bakery from Bo Bakery');
    expect(request.text).toContain('Review invite requests: https://freshlist.example/admin/invite-requests');
    const deleted = accountDeletedMail(ctx, { displayName: 'Ann', bySelf: true, restorableUntil: NOW });
    expect(deleted.text).toContain('A backup is kept until 25 November 2026.');
    expect(deleted.text).toContain('You deleted your Freshlist account');
    expect(accountRestoredMail(ctx, { displayName: 'Ann' }).text).toContain('Sign in: https://freshlist.example/login');
    // With SUPPORT_EMAIL set, the mail says where to write (issue 43); render.ts makes it the Reply-To too.
    const withSupport = accountDeletedMail(
      { ...ctx, supportEmail: 'help@freshlist.example' },
      { displayName: 'Ann', bySelf: true, restorableUntil: NOW },
    );
    expect(withSupport.text).toContain(
      'ask the Freshlist team to restore it before then (write to help@freshlist.example or reply to this mail)',
    );
  });

  it('the list-updated mail has the business logo, what changed with both prices in money, and Open list (issue 43)', () => {
    const updated = listChangedMail(withUnsubscribe, {
      handle: 'green-valley',
      displayName: 'Green Valley',
      lists: [
        {
          listId: 7,
          handle: 'green-valley',
          displayName: 'Green Valley',
          listName: 'Weekly prices',
          slug: 'weekly-prices',
          changedAt: NOW,
          tradeOnly: false,
          logoVersion: 'v3',
          changes: {
            summary: '1 price up',
            moves: ['Lamb £2.10 → £2.40/kg, +14%'],
            path: '/green-valley/lists/weekly-prices/changes',
          },
        },
      ],
    });
    expect(updated.subject).toBe('Green Valley (@green-valley) updated Weekly prices');
    expect(updated.html).toContain('<img src="https://freshlist.example/api/profiles/green-valley/logo?v=v3"');
    expect(updated.html).toContain('href="https://freshlist.example/green-valley/lists/weekly-prices/open"');
    expect(updated.html).toContain('>Open list</a>');
    expect(updated.text).toContain('1 price up; Lamb £2.10 → £2.40/kg, +14%');
    expect(updated.text).toContain('Open list: https://freshlist.example/green-valley/lists/weekly-prices/open');
    expect(updated.text).toContain('Unsubscribe: https://freshlist.example/api/email/unsubscribe');
  });

  it('oneLine removes control and bidi characters', () => {
    expect(oneLine('a\r\nb\u0000c\u202ed\u2028e')).toBe('a b c d e');
  });
});
