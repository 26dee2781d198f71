import { describe, expect, it } from 'vitest';
import {
  formResponsesMail,
  handleApprovedMail,
  handleRejectedMail,
  handleRemovedMail,
  handleRequestedMail,
  inviteMail,
  listDigestMail,
  listUpdateMail,
  oneLine,
} from './templates';

const ctx = { publicUrl: 'https://freshlist.example' };
const withUnsubscribe = {
  ...ctx,
  unsubscribeUrl: 'https://freshlist.example/api/email/unsubscribe?token=t&category=list-updates',
};
const evil = 'Eve <script>alert(1)</script> & "Co"\r\nBcc: victim@example.com';
const post = (id: number, description: string) => ({ id, url: `https://drive.google.com/${id}`, description, createdAt: 0 });

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

  it('a list update lists each post with its description and counted link, and the unsubscribe link', () => {
    const mail = listUpdateMail(withUnsubscribe, {
      handle: 'fresh-farm',
      displayName: 'Fresh <Farm>',
      posts: [post(7, 'Monday prices'), post(8, '<img src=x onerror=alert(1)>')],
    });
    expect(mail.subject).toBe('Fresh <Farm> (@fresh-farm) shared 2 new lists');
    expect(mail.text).toContain('- Monday prices: https://freshlist.example/api/posts/7/open');
    expect(mail.html).toContain('href="https://freshlist.example/api/posts/8/open"');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Fresh &lt;Farm&gt;');
    expect(mail.text).toContain(`Unsubscribe: ${withUnsubscribe.unsubscribeUrl}`);
    expect(mail.html).toContain('href="https://freshlist.example/api/email/unsubscribe?token=t&amp;category=list-updates"');
  });

  it('a member’s mail with an unsubscribe link also links their settings; an invitee’s does not', () => {
    const news = { handle: 'fresh-farm', displayName: 'Fresh Farm', posts: [post(7, 'Monday prices')] };
    const member = listUpdateMail({ ...withUnsubscribe, settingsUrl: 'https://freshlist.example/settings' }, news);
    expect(member.text).toContain('Choose which mail you get: https://freshlist.example/settings');
    expect(member.html).toContain('<a href="https://freshlist.example/settings">Choose which mail you get</a>');
    const invitee = inviteMail(withUnsubscribe, { handle: 'fresh-farm', displayName: 'Fresh Farm' });
    expect(invitee.text).not.toContain('/settings');
    // A direct answer has no footer at all, settings or not.
    const answer = handleApprovedMail({ ...ctx, settingsUrl: 'https://freshlist.example/settings' }, news);
    expect(answer.text).not.toContain('/settings');
  });

  it('a digest groups posts by handle', () => {
    const mail = listDigestMail(withUnsubscribe, {
      period: 'weekly',
      handles: [
        { handle: 'a', displayName: 'A', posts: [post(1, 'one')] },
        { handle: 'b', displayName: 'B', posts: [post(2, 'two'), post(3, '')] },
      ],
    });
    expect(mail.subject).toBe('Freshlist weekly digest: 3 new lists');
    expect(mail.text).toMatch(/A \(@a\) https:\/\/freshlist.example\/a\n- one: .*\/api\/posts\/1\/open/);
    expect(mail.text).toContain('- New list: https://freshlist.example/api/posts/3/open');
  });

  it('form responses link the responses page', () => {
    const mail = formResponsesMail(ctx, { daily: false, forms: [{ formId: 'abc_-1', title: 'Orders <b>', count: 2 }] });
    expect(mail.subject).toBe('Orders <b>: 2 new responses');
    expect(mail.text).toContain('https://freshlist.example/chat-form-creator/abc_-1/responses');
    expect(mail.html).toContain('Orders &lt;b&gt;');
  });

  it('oneLine removes control and bidi characters', () => {
    expect(oneLine('a\r\nb\u0000c\u202ed\u2028e')).toBe('a b c d e');
  });
});
