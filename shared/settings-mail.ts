/** What the API answers and the site reads of worker/src/services/settings-mail.ts (decision 0054). */

/** How outgoing mail leaves this server: facts only, never the SMTP credentials. */
export interface MailTransportView {
  /**
   * http: a mail provider's HTTP API (MAIL_HTTP_PROVIDER, used before SMTP); smtp: SMTP_URL is set;
   * console: emails stay in the outbox (and the development log).
   */
  transport: 'http' | 'smtp' | 'console';
  /** The SMTP server's host and port (no user or password), when set. */
  smtp_host: string | null;
  /** The HTTP provider's name for people ("Resend") and the host its messages go to, when set. */
  http_provider: string | null;
  http_host: string | null;
  /** Whether this runtime delivers (Workers has no SMTP: messages wait as pending). */
  delivers_here: boolean;
  /** The environment's MAIL_FROM, used when Mail sets no sender address. */
  env_from: string;
  /** What the next email is sent from and its Reply-To, with the current settings. */
  from: string;
  reply_to: string | null;
}

/** GET /api/site-settings: what public pages show (the Contact page, the forms a switch closes). */
export interface PublicSiteSettings {
  site_name: string;
  contact_email: string;
  contact_phone: string | null;
  support_address: string | null;
  features: { registrations_open: boolean; guest_checkout: boolean; bookings_open: boolean; seller_applications_open: boolean };
  /** The booking rules a new instructor profile starts with (its editor shows them). */
  booking_defaults: { min_notice_minutes: number; horizon_days: number; buffer_minutes: number; cancellation_hours: number };
}
