import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { createDevOutboxTransport } from './dev-outbox-transport';
import type { MailTransport } from './mail-port';
import { createSmtpTransport } from './smtp-transport';

export type { MailMessage, MailTransport } from './mail-port';

/** SMTP when SMTP_URL is set, otherwise the development outbox. */
export function createMailTransport(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>,
  db: Database,
): MailTransport {
  return config.SMTP_URL
    ? createSmtpTransport({ url: config.SMTP_URL, from: config.MAIL_FROM })
    : createDevOutboxTransport({ db, from: config.MAIL_FROM });
}
