import type { AppEnv } from './env.ts';

/**
 * The origin absolute links are made from (certificate QR codes, links in emails): PUBLIC_URL,
 * else the address the server was configured to listen on. Never the request's Host header,
 * which any caller can set (decision 0016).
 */
export function publicOrigin(env: Pick<AppEnv, 'PUBLIC_URL' | 'PORT'>): string {
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  return `http://localhost:${env.PORT}`;
}

/** An absolute link to a path of the site. */
export function publicLink(env: Pick<AppEnv, 'PUBLIC_URL' | 'PORT'>, path: string): string {
  return new URL(path, `${publicOrigin(env)}/`).toString();
}
