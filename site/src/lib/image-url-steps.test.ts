import { describe, expect, it } from 'vitest';
import { imageUrl, PLACEHOLDER_IMAGE } from './image-url.ts';
import { imageUrlSteps, type ImageUrlStep } from './image-url-steps.ts';

const now = 1_700_000_000_000;

/** The steps that applied, as `id: before → after`. */
function appliedSteps(steps: ImageUrlStep[]): string[] {
  return steps.filter((s) => s.applied).map((s) => `${s.id}: ${s.before} → ${s.after}`);
}

describe('imageUrlSteps', () => {
  it('lists every rule in order, each with a name and its rule', () => {
    const { steps } = imageUrlSteps('/images/a.jpg', { now });
    expect(steps.map((s) => s.id)).toEqual([
      'empty',
      'inline',
      'scheme',
      'third-party',
      'own-host',
      'public-prefix',
      'leading-slash',
      'thumbnail-timestamp',
    ]);
    for (const step of steps) {
      expect(step.name).not.toBe('');
      expect(step.rule.length).toBeGreaterThan(20);
    }
  });

  it('walks an own-host thumbnail under public/ through three rules', () => {
    const trace = imageUrlSteps('  http://localhost:3000/public/uploads/thumbnails/me.png  ', { now });
    expect(trace.input).toBe('http://localhost:3000/public/uploads/thumbnails/me.png');
    expect(appliedSteps(trace.steps)).toEqual([
      'own-host: http://localhost:3000/public/uploads/thumbnails/me.png → /public/uploads/thumbnails/me.png',
      'public-prefix: /public/uploads/thumbnails/me.png → /uploads/thumbnails/me.png',
      `thumbnail-timestamp: /uploads/thumbnails/me.png → /uploads/thumbnails/me.png?t=${now}`,
    ]);
    expect(trace.result).toBe(`/uploads/thumbnails/me.png?t=${now}`);
    expect(trace.steps.every((s) => s.reached)).toBe(true);
  });

  it('adds the leading slash to a relative path and leaves a thumbnail with a query alone', () => {
    const trace = imageUrlSteps('public/uploads/thumbnails/a.png?v=2', { now });
    expect(appliedSteps(trace.steps)).toEqual(['public-prefix: public/uploads/thumbnails/a.png?v=2 → /uploads/thumbnails/a.png?v=2']);
    expect(trace.result).toBe('/uploads/thumbnails/a.png?v=2');
    expect(appliedSteps(imageUrlSteps('uploads/a.png').steps)).toEqual(['leading-slash: uploads/a.png → /uploads/a.png']);
  });

  it('stops at the rule that keeps a URL unchanged; later rules are not reached', () => {
    const url = 'https://ui-avatars.com/api/?name=Ada+Lovelace';
    const trace = imageUrlSteps(url, { now });
    expect(appliedSteps(trace.steps)).toEqual([`third-party: ${url} → ${url}`]);
    const reached = trace.steps.filter((s) => s.reached).map((s) => s.id);
    expect(reached).toEqual(['empty', 'inline', 'scheme', 'third-party']);
    expect(trace.steps.filter((s) => !s.reached).every((s) => s.before === url && s.after === url)).toBe(true);
    expect(trace.result).toBe(url);

    const data = imageUrlSteps('data:image/png;base64,iVBORw0KGgo=');
    expect(appliedSteps(data.steps)).toEqual(['inline: data:image/png;base64,iVBORw0KGgo= → data:image/png;base64,iVBORw0KGgo=']);
  });

  it("keeps another site's address as it is: no rule applies and the path rules are not reached", () => {
    const url = 'https://example.org/public/thumbnails/a.jpg';
    const trace = imageUrlSteps(url, { now });
    expect(appliedSteps(trace.steps)).toEqual([]);
    expect(trace.steps.find((s) => s.id === 'own-host')).toMatchObject({ reached: true, applied: false });
    expect(trace.steps.find((s) => s.id === 'public-prefix')).toMatchObject({ reached: false });
    expect(trace.result).toBe(url);
  });

  it('uses the page host as one of our own hosts', () => {
    const trace = imageUrlSteps('https://drx.example/images/x.jpg', { currentHost: 'drx.example' });
    expect(appliedSteps(trace.steps)).toEqual(['own-host: https://drx.example/images/x.jpg → /images/x.jpg']);
  });

  it('turns an empty URL or a non-web scheme into the fallback', () => {
    expect(appliedSteps(imageUrlSteps('').steps)).toEqual([`empty:  → ${PLACEHOLDER_IMAGE}`]);
    expect(imageUrlSteps(null, { fallback: '/images/default-user.png' }).result).toBe('/images/default-user.png');
    expect(appliedSteps(imageUrlSteps('ftp://example.org/a.jpg').steps)).toEqual([`scheme: ftp://example.org/a.jpg → ${PLACEHOLDER_IMAGE}`]);
  });

  it('answers what imageUrl answers', () => {
    const urls = [
      null,
      '',
      '/public/images/hero.jpg',
      'uploads/thumbnails/a.png',
      'http://127.0.0.1:8787/courses/a.png?x=1#y',
      '//cdn.example.com/uploads/a.png',
      'https://images.unsplash.com/photo-1?w=800',
      'blob:https://drx.example/6d3c',
      'javascript://alert(1)',
    ];
    for (const url of urls) expect(imageUrlSteps(url, { now }).result).toBe(imageUrl(url, { now }));
  });
});
