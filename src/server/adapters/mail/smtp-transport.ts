import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { formatFromAddress, type MailMessage, type MailTransport } from './mail-port';

/**
 * Sends through any SMTP relay. Timeouts are short: a relay that does not answer makes the send
 * fail, and the outbox worker retries later, rather than a worker hanging on one message.
 */
export function createSmtpTransport(options: { url: string; from: string }): MailTransport {
  const transporter = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as SMTPTransport.Options);
  return {
    async send(message: MailMessage) {
      await transporter.sendMail({
        from: formatFromAddress(options.from, message.fromName),
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        ...(message.messageId ? { messageId: message.messageId } : {}),
      });
    },
    async close() {
      transporter.close();
    },
  };
}
