import { describe, expect, it } from 'vitest';
import { parseStartTime, parseYouTubeUrl, toPrivacyEmbedUrl, videoEmbedUrl } from './video.ts';

const embed = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';

describe('toPrivacyEmbedUrl', () => {
  it('converts watch links', () => {
    expect(toPrivacyEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(embed);
    expect(toPrivacyEmbedUrl('https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ')).toBe(embed);
    expect(toPrivacyEmbedUrl('https://m.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(embed);
    expect(toPrivacyEmbedUrl('www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(embed);
    expect(toPrivacyEmbedUrl('http://youtube.com/watch?v=dQw4w9WgXcQ&list=PL1')).toBe(embed);
  });

  it('converts short links', () => {
    expect(toPrivacyEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(embed);
    expect(toPrivacyEmbedUrl('youtu.be/dQw4w9WgXcQ?si=abc')).toBe(embed);
    expect(toPrivacyEmbedUrl('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe(embed);
    expect(toPrivacyEmbedUrl('https://www.youtube.com/live/dQw4w9WgXcQ')).toBe(embed);
  });

  it('converts embed links, including ones already privacy-enhanced', () => {
    expect(toPrivacyEmbedUrl('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe(embed);
    expect(toPrivacyEmbedUrl('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')).toBe(embed);
  });

  it('keeps a start time', () => {
    expect(toPrivacyEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=90')).toBe(`${embed}?start=90`);
    expect(toPrivacyEmbedUrl('https://youtu.be/dQw4w9WgXcQ?t=1m30s')).toBe(`${embed}?start=90`);
    expect(toPrivacyEmbedUrl('https://www.youtube.com/embed/dQw4w9WgXcQ?start=42')).toBe(`${embed}?start=42`);
    expect(toPrivacyEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ#t=1h2m3s')).toBe(`${embed}?start=3723`);
    expect(toPrivacyEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=0')).toBe(embed);
  });

  it('answers null for anything else', () => {
    expect(toPrivacyEmbedUrl('https://vimeo.com/123456')).toBeNull();
    expect(toPrivacyEmbedUrl('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(toPrivacyEmbedUrl('https://www.youtube.com/channel/UC123')).toBeNull();
    expect(toPrivacyEmbedUrl('https://evil.example/youtube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(toPrivacyEmbedUrl('https://notyoutube.com/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(toPrivacyEmbedUrl('javascript:alert(1)')).toBeNull();
    expect(toPrivacyEmbedUrl('')).toBeNull();
    expect(toPrivacyEmbedUrl(null)).toBeNull();
  });
});

describe('videoEmbedUrl', () => {
  it('gives the embed link for YouTube and other URLs unchanged', () => {
    expect(videoEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(embed);
    expect(videoEmbedUrl(' https://player.vimeo.com/video/1 ')).toBe('https://player.vimeo.com/video/1');
    expect(videoEmbedUrl(undefined)).toBe('');
  });
});

describe('parseStartTime and parseYouTubeUrl', () => {
  it('reads the forms of a start time', () => {
    expect(parseStartTime('75')).toBe(75);
    expect(parseStartTime('75s')).toBe(75);
    expect(parseStartTime('2m')).toBe(120);
    expect(parseStartTime('1h')).toBe(3600);
    expect(parseStartTime('soon')).toBeNull();
    expect(parseStartTime('')).toBeNull();
  });

  it('gives the id and the start', () => {
    expect(parseYouTubeUrl('https://youtu.be/dQw4w9WgXcQ?t=5')).toEqual({ id: 'dQw4w9WgXcQ', start: 5 });
    expect(parseYouTubeUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual({ id: 'dQw4w9WgXcQ', start: null });
  });
});
