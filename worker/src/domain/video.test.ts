import { describe, expect, it } from 'vitest';
import { lessonVideo } from './video.ts';

const EMBED = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';

describe('lesson video', () => {
  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://m.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ?si=abc',
    'https://www.youtube.com/shorts/dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    '<iframe width="560" src="https://www.youtube.com/embed/dQw4w9WgXcQ" allowfullscreen></iframe>',
  ])('turns %s into the privacy-enhanced embed', (link) => {
    expect(lessonVideo(link)).toEqual({ kind: 'embed', url: EMBED, provider: 'youtube' });
  });

  it('keeps a start time', () => {
    expect(lessonVideo('https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s')).toEqual({ kind: 'embed', url: `${EMBED}?start=42`, provider: 'youtube' });
  });

  it('refuses YouTube links without a proper id', () => {
    expect(lessonVideo('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(lessonVideo('https://www.youtube.com/channel/UC123')).toBeNull();
    expect(lessonVideo('https://evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
  });

  it('plays Vimeo with do-not-track', () => {
    expect(lessonVideo('https://vimeo.com/76979871')).toEqual({ kind: 'embed', url: 'https://player.vimeo.com/video/76979871?dnt=1', provider: 'vimeo' });
  });

  it('plays uploaded files and direct https video files in a video element', () => {
    expect(lessonVideo('/uploads/3f1c.mp4')).toEqual({ kind: 'file', url: '/uploads/3f1c.mp4' });
    expect(lessonVideo('https://cdn.example.com/v/warmup.webm')).toEqual({ kind: 'file', url: 'https://cdn.example.com/v/warmup.webm' });
  });

  it('plays nothing it does not recognise', () => {
    expect(lessonVideo('')).toBeNull();
    expect(lessonVideo('javascript:alert(1)')).toBeNull();
    expect(lessonVideo('http://cdn.example.com/warmup.mp4')).toBeNull();
    expect(lessonVideo('https://example.com/page')).toBeNull();
    expect(lessonVideo('/uploads/../secret.mp4')).toBeNull();
    expect(lessonVideo('<iframe src="https://evil.example/x"></iframe>')).toBeNull();
  });
});
