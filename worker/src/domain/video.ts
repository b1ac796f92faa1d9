/**
 * What a video lesson plays, from the link or embed code an instructor typed (the lesson's video URL).
 * YouTube watch, short, shorts, live and embed links (or an <iframe> of one) become the
 * privacy-enhanced embed (youtube-nocookie.com, by the site's own helper); Vimeo links
 * the player with do-not-track; files uploaded to this app (/uploads/...) and direct https links to video files play in a
 * <video> element. Anything else is not played (null), never embedded as given.
 */

import { toPrivacyEmbedUrl } from '../../../site/src/lib/video.ts';

export type LessonVideo = { kind: 'embed'; url: string; provider: 'youtube' | 'vimeo' } | { kind: 'file'; url: string };

const VIDEO_FILE = /\.(mp4|webm|ogv|ogg|mov|m4v)$/i;

/** The iframe src of embed code, or the text itself. */
function extractLink(content: string): string {
  const text = content.trim();
  const src = /<iframe[^>]*\ssrc\s*=\s*["']([^"']+)["']/i.exec(text);
  return src ? src[1]! : text;
}

function parseUrl(link: string): URL | null {
  try {
    return new URL(link.startsWith('//') ? `https:${link}` : link);
  } catch {
    return null;
  }
}

function vimeoEmbed(url: URL): string | null {
  const host = url.hostname.replace(/^www\./, '');
  if (host !== 'vimeo.com' && host !== 'player.vimeo.com') return null;
  const id = url.pathname.split('/').filter(Boolean).find((p) => /^[0-9]{4,12}$/.test(p));
  return id ? `https://player.vimeo.com/video/${id}?dnt=1` : null;
}

export function lessonVideo(content: string | null | undefined): LessonVideo | null {
  if (!content) return null;
  const link = extractLink(content);
  if (link.startsWith('/uploads/')) {
    if (link.includes('..') || /[\s\\"'<>]/.test(link)) return null;
    return { kind: 'file', url: link };
  }
  // One YouTube rule for the site and the API (site/src/lib/video.ts), start time included.
  const youtube = toPrivacyEmbedUrl(link);
  if (youtube) return { kind: 'embed', url: youtube, provider: 'youtube' };
  const url = parseUrl(link);
  if (!url || url.protocol !== 'https:') return null;
  const vimeo = vimeoEmbed(url);
  if (vimeo) return { kind: 'embed', url: vimeo, provider: 'vimeo' };
  if (VIDEO_FILE.test(url.pathname)) return { kind: 'file', url: url.toString() };
  return null;
}
