/**
 * Video links: watch, short (youtu.be, /shorts/, /live/) and embed links of YouTube become
 * privacy-enhanced embed links (youtube-nocookie.com), keeping a start time.
 */

export const PRIVACY_EMBED_BASE = 'https://www.youtube-nocookie.com/embed/';

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = /^(?:(?:www|m|music)\.)?youtube\.com$|^(?:www\.)?youtube-nocookie\.com$/i;
const SHORT_HOST = /^(?:www\.)?youtu\.be$/i;

/** Seconds from `90`, `90s`, `1m30s` or `1h2m3s`; null when it is none of those. */
export function parseStartTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  if (/^\d+$/.test(v)) return Number(v);
  const m = v.match(/^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/);
  if (!m || (!m[1] && !m[2] && !m[3])) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

function parseUrl(raw: string): URL | null {
  const text = raw.trim();
  if (!text) return null;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/\//, '')}`);
  } catch {
    return null;
  }
}

/** The video id and start time of a YouTube link, or null for anything else. */
export function parseYouTubeUrl(raw: string | null | undefined): { id: string; start: number | null } | null {
  const url = parseUrl(raw ?? '');
  if (!url || !/^https?:$/.test(url.protocol)) return null;
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | undefined;
  if (SHORT_HOST.test(url.hostname)) id = segments[0];
  else if (YOUTUBE_HOSTS.test(url.hostname)) {
    if (segments[0] === 'watch') id = url.searchParams.get('v') ?? undefined;
    else if (['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')) id = segments[1];
  }
  if (!id || !VIDEO_ID.test(id)) return null;
  const hashTime = url.hash.match(/[#&]t=([^&]+)/)?.[1];
  const start = parseStartTime(url.searchParams.get('start') ?? url.searchParams.get('t') ?? hashTime);
  return { id, start: start && start > 0 ? start : null };
}

/** The privacy-enhanced embed link of a YouTube link, or null when it is not one. */
export function toPrivacyEmbedUrl(raw: string | null | undefined): string | null {
  const video = parseYouTubeUrl(raw);
  if (!video) return null;
  return `${PRIVACY_EMBED_BASE}${video.id}${video.start ? `?start=${video.start}` : ''}`;
}

/** What to put in an iframe: the embed link for YouTube, any other URL unchanged. */
export function videoEmbedUrl(raw: string | null | undefined): string {
  return toPrivacyEmbedUrl(raw) ?? (raw ?? '').trim();
}
