/** One email on its way out of the outbox. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The sender and Reply-To of the Mail settings; absent: the mailer's own (MAIL_FROM). */
  from?: string;
  replyTo?: string;
  /** Text files sent with the message (a booking's ICS, decision 0032). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** Hands a message to a mail server or provider; rejects when it was not accepted. */
export type Mailer = (message: MailMessage) => Promise<void>;
