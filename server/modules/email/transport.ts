import { createTransport } from 'nodemailer';
import type { MailAttachment } from './layout';
import { oneLine } from './templates';

export interface OutgoingMail {
  from: { name: string; address: string };
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  /** The full Message-ID, `<id@host>`: the same for every attempt of one outbox row. */
  messageId: string;
  unsubscribeUrl: string | null;
  attachments?: MailAttachment[] | undefined;
  replyTo?: { name: string; address: string } | undefined;
}

/** Where the worker hands a rendered mail. 'held': kept in the outbox for the development mailbox. */
export interface MailTransport {
  readonly outcome: 'sent' | 'held';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export class PermanentMailError extends Error {}

/** Names in address objects, never pasted into a header: nodemailer encodes them, CR/LF cannot start a new header. */
const address = (a: { name: string; address: string }) => ({ name: oneLine(a.name), address: a.address });

/**
 * Nodemailer over SMTP_URL (smtp:// with STARTTLS when offered, smtps:// for implicit TLS), over a
 * pool of up to `connections` open connections: a new connection per mail costs a handshake (and
 * about 100 ms against a local server), a pool sends hundreds a second (docs/decisions/0096).
 */
export function smtpTransport(url: string, connections = 1): MailTransport {
  const transporter = createTransport({
    url,
    pool: true,
    maxConnections: connections,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    outcome: 'sent',
    async send(mail) {
      try {
        await transporter.sendMail({
          from: address(mail.from),
          to: address(mail.to),
          subject: oneLine(mail.subject),
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          ...(mail.replyTo ? { replyTo: address(mail.replyTo) } : {}),
          ...(mail.attachments?.length
            ? {
                attachments: mail.attachments.map((a) => ({
                  filename: oneLine(a.filename),
                  content: a.content,
                  contentType: a.contentType,
                })),
              }
            : {}),
          ...(mail.unsubscribeUrl
            ? {
                // RFC 8058 one-click: the List-Unsubscribe URL, and the header saying a POST does it.
                list: { unsubscribe: { url: mail.unsubscribeUrl, comment: 'Unsubscribe' } },
                headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
              }
            : {}),
        });
      } catch (error) {
        // A 5xx reply (no such mailbox, rejected sender) will not change by trying again.
        const e = error as { permanent?: boolean; responseCode?: number; message?: string };
        if (e.permanent === true || (typeof e.responseCode === 'number' && e.responseCode >= 500)) {
          throw new PermanentMailError(e.message ?? String(error));
        }
        throw error;
      }
    },
    close: () => transporter.close(),
  };
}

/** No SMTP server outside production: the rendered mail stays in the outbox, shown at /dev/mailbox. */
export function mailboxTransport(): MailTransport {
  return { outcome: 'held', async send() {}, close() {} };
}
