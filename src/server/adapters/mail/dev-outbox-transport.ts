import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/client';
import { queryNamedRows } from '../../db/named-statements';
import { devMailbox } from '../../db/schema';
import { formatFromAddress, type MailMessage, type MailTransport } from './mail-port';

/**
 * The default transport: nothing leaves the machine. Messages land in the dev_mailbox table,
 * which the development mailbox page (/dev/mailbox) shows. Keyed by Message-ID, so a resent
 * message is stored once, as a real mailbox would show it once.
 */
export function createDevOutboxTransport(options: { db: Database; from: string }): MailTransport {
  return {
    async send(message: MailMessage) {
      // A named statement: the email worker sends it for every email (decision 251).
      const insert = options.db
        .insert(devMailbox)
        .values({
          messageId: message.messageId ?? `<${randomUUID()}@dev-outbox>`,
          toAddress: message.to,
          fromAddress: formatFromAddress(options.from, message.fromName),
          subject: message.subject,
          html: message.html,
          textBody: message.text,
        })
        .onConflictDoNothing({ target: devMailbox.messageId });
      await queryNamedRows(options.db, insert.getSQL());
    },
  };
}
