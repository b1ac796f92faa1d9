/** One email on its way out of the outbox. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Hands a message to a mail server or provider; rejects when it was not accepted. */
export type Mailer = (message: MailMessage) => Promise<void>;
