import type { AppEnv } from './env.ts';
import type { MailMessage, Mailer } from './mailer.ts';

/**
 * Mail over a provider's HTTP API (decision 0062): the only way Workers can send email, which
 * cannot open SMTP connections (decision 0016); on Node it replaces SMTP when set.
 * MAIL_HTTP_PROVIDER names the provider, MAIL_API_KEY is its key, MAIL_FROM the default sender;
 * MAIL_API_URL points the mailer at another address (the tests' fake endpoint).
 */
export const HTTP_MAIL_PROVIDERS = ['resend'] as const;
export type HttpMailProvider = (typeof HTTP_MAIL_PROVIDERS)[number];

const PROVIDER_LABEL: Record<HttpMailProvider, string> = { resend: 'Resend' };
const PROVIDER_URL: Record<HttpMailProvider, string> = { resend: 'https://api.resend.com/emails' };

/** How long the provider may take before a message counts as failed (as SMTP's timeout). */
const HTTP_MAIL_TIMEOUT_MS = 15_000;
/** How much of a refusal's body is kept as the outbox row's error. */
const REFUSAL_DETAIL_MAX = 300;

export type HttpMailEnv = Pick<AppEnv, 'MAIL_HTTP_PROVIDER' | 'MAIL_API_KEY' | 'MAIL_API_URL' | 'MAIL_FROM'>;

const isProvider = (name: string): name is HttpMailProvider => (HTTP_MAIL_PROVIDERS as readonly string[]).includes(name);

/**
 * What is wrong with the HTTP mail settings, in the words Node's start-up refusal and the
 * deployment check both use; undefined when nothing is (set completely, or not at all).
 */
export function httpMailConfigProblem(env: HttpMailEnv): string | undefined {
  const provider = env.MAIL_HTTP_PROVIDER;
  if (!provider) {
    return env.MAIL_API_KEY ? 'MAIL_API_KEY is set but MAIL_HTTP_PROVIDER is not: set MAIL_HTTP_PROVIDER=resend, or remove the key.' : undefined;
  }
  if (!isProvider(provider)) return `MAIL_HTTP_PROVIDER must be one of: ${HTTP_MAIL_PROVIDERS.join(', ')} (it is "${provider}").`;
  if (!env.MAIL_API_KEY) return `MAIL_HTTP_PROVIDER is ${provider} but MAIL_API_KEY is not set: no email can be sent.`;
  return undefined;
}

/** The provider's name for people ("Resend"), when one is configured. */
export function httpMailProviderLabel(env: Pick<AppEnv, 'MAIL_HTTP_PROVIDER'>): string | undefined {
  const provider = env.MAIL_HTTP_PROVIDER;
  return provider && isProvider(provider) ? PROVIDER_LABEL[provider] : undefined;
}

/** The host the provider's messages are sent to (MAIL_API_URL, else the provider's own), never a key. */
export function httpMailHost(env: Pick<AppEnv, 'MAIL_HTTP_PROVIDER' | 'MAIL_API_URL'>): string | null {
  const provider = env.MAIL_HTTP_PROVIDER;
  const url = env.MAIL_API_URL ?? (provider && isProvider(provider) ? PROVIDER_URL[provider] : undefined);
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

/** Whether any HTTP mail variable is set: then HTTP mail is meant, and SMTP is not used. */
export function wantsHttpMail(env: HttpMailEnv): boolean {
  return Boolean(env.MAIL_HTTP_PROVIDER || env.MAIL_API_KEY);
}

/** Base64 of the text's UTF-8 bytes, in chunks (one call per byte would overflow the stack). */
function base64OfText(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Resend's POST /emails body: plain text, Reply-To, attachments as base64 with their type. */
function resendBody(message: MailMessage, defaultFrom: string) {
  return {
    from: message.from ?? defaultFrom,
    to: [message.to],
    subject: message.subject,
    text: message.text,
    ...(message.replyTo ? { reply_to: message.replyTo } : {}),
    ...(message.attachments?.length
      ? { attachments: message.attachments.map((a) => ({ filename: a.filename, content: base64OfText(a.content), content_type: a.contentType })) }
      : {}),
  };
}

/**
 * The mailer of MAIL_HTTP_PROVIDER: each message one POST with the key as a bearer token; any
 * answer but 2xx rejects with the provider's status and words (the outbox marks it failed).
 * Throws the configuration's problem instead of making a mailer that could never send.
 */
export function createHttpMailer(env: HttpMailEnv): Mailer {
  const problem = httpMailConfigProblem(env);
  if (problem) throw new Error(problem);
  const provider = env.MAIL_HTTP_PROVIDER as HttpMailProvider;
  const url = env.MAIL_API_URL ?? PROVIDER_URL[provider];
  const authorization = `Bearer ${env.MAIL_API_KEY!}`;
  return async (message) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify(resendBody(message, env.MAIL_FROM)),
      signal: AbortSignal.timeout(HTTP_MAIL_TIMEOUT_MS),
    });
    const answer = await res.text().catch(() => '');
    if (!res.ok) throw new Error(`${PROVIDER_LABEL[provider]} refused the message (HTTP ${res.status}): ${answer.slice(0, REFUSAL_DETAIL_MAX) || res.statusText}`);
  };
}

/**
 * The Workers runtime's mailer (a worker cannot refuse to start): the HTTP mailer when it is
 * configured; with a configuration problem, one that fails every message with it (fail closed:
 * the outbox marks them failed, the deployment check fails with the same words); none when HTTP
 * mail is not set at all.
 */
export function workersMailer(env: HttpMailEnv): Mailer | undefined {
  if (!wantsHttpMail(env)) return undefined;
  const problem = httpMailConfigProblem(env);
  if (problem) return () => Promise.reject(new Error(problem));
  return createHttpMailer(env);
}
