/** One rendered email, ready to hand to a transport. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Display name of the sender (the tenant's title); the address is always MAIL_FROM. */
  fromName?: string;
  /**
   * Stable per outbox row, so that the rare resend after a crash between "sent" and "recorded"
   * carries the same Message-ID and receivers (and the development outbox) can drop the duplicate.
   */
  messageId?: string;
}

/** The mail port: every email of the product leaves through one of these. */
export interface MailTransport {
  /** Resolves once the relay has accepted the message; rejects when it has not. */
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}

/** `"Title" <address>` with the quotes and backslashes of the title escaped. */
export function formatFromAddress(address: string, name?: string): string {
  if (!name) return address;
  const safe = name.replace(/[\r\n]/g, ' ').replace(/(["\\])/g, '\\$1');
  return `"${safe}" <${address}>`;
}
