import { describe, expect, it } from 'vitest';
import { courseCoverSvg, courseImageAlt, demoImageKey, escapeXml, nameInitials, portraitSvg, wrapWords } from './cover-art.ts';
import { isUploadKey } from '../worker/src/domain/media-links.ts';

const STYLES = ['Ballet', 'Contemporary', 'Hip Hop', 'Jazz', 'Tap', 'Ballroom', 'Latin', 'Folk', 'Modern', 'Swing', 'Breakdance', 'Other'];

/** Every tag closes and no element repeats an attribute (a repeated one makes the whole file fail to load). */
function expectWellFormed(svg: string) {
  const stack: string[] = [];
  for (const [tag, close, name, attrs, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z]+)([^>]*?)(\/?)>/g)) {
    if (close) {
      expect(stack.pop(), tag).toBe(name);
      continue;
    }
    const names = [...attrs!.matchAll(/\s([a-zA-Z][a-zA-Z0-9:-]*)="[^"]*"/g)].map((m) => m[1]);
    expect(new Set(names).size, tag).toBe(names.length);
    expect(attrs!.replace(/\s([a-zA-Z][a-zA-Z0-9:-]*)="[^"]*"/g, '').trim(), tag).toBe('');
    if (!selfClosing) stack.push(name!);
  }
  expect(stack).toEqual([]);
  expect(svg.replace(/<[^>]*>/g, '')).not.toMatch(/[<>]|&(?!(amp|lt|gt|quot|apos);)/);
}

/** Nothing in the SVG can run or fetch anything, and it parses. */
function expectInert(svg: string) {
  expectWellFormed(svg);
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg).not.toMatch(/<script|<foreignObject|<image|<use|href=|\son[a-z]+=|javascript:|url\((?!#)/i);
}

describe('course covers', () => {
  it('are deterministic', () => {
    const input = { title: 'Foundations of Classical Ballet Teaching', label: 'Ballet Foundations', style: 'Ballet' };
    expect(courseCoverSvg(input)).toBe(courseCoverSvg({ ...input }));
  });

  it('differ between courses of the same style and between styles', () => {
    const a = courseCoverSvg({ title: 'Teaching Tap to Young Children', style: 'Tap' });
    const b = courseCoverSvg({ title: 'Rhythm Tap for Adults', style: 'Tap' });
    expect(a).not.toBe(b);
    const covers = new Set(STYLES.map((style) => courseCoverSvg({ title: 'One title', style })));
    expect(covers.size).toBe(STYLES.length);
  });

  it('name the style and carry the alt text as their title', () => {
    const svg = courseCoverSvg({ title: 'Hip Hop Choreography for Teen Classes', label: 'Teen Hip Hop', style: 'Hip Hop' });
    expect(svg).toContain('>HIP HOP</text>');
    expect(svg).toContain('>Teen Hip Hop</text>');
    expect(svg).toContain('<title>Hip Hop Choreography for Teen Classes — Hip Hop course cover</title>');
  });

  it('escape every text they show', () => {
    const svg = courseCoverSvg({ title: '<script>alert("x")</script> & more', label: `Tom's <b>"class"</b>`, style: 'Jazz <i>' });
    expectInert(svg);
    expect(svg).not.toContain('<b>');
    expect(svg).not.toContain('<i>');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(svg).toContain('Tom&apos;s');
  });

  it('draw every style without anything active, as well-formed XML', () => {
    for (const style of STYLES) {
      for (const title of ['A course', 'Another course', 'A third one', 'And a fourth']) expectInert(courseCoverSvg({ title: `${title} of ${style}`, style }));
    }
    expectInert(courseCoverSvg({ title: 'No style', style: null }));
  });
});

describe('portraits', () => {
  it('show the initials, deterministically, varied by the seed', () => {
    const svg = portraitSvg({ name: 'Elena Petrova', seed: 'instructor_admin' });
    expect(svg).toBe(portraitSvg({ name: 'Elena Petrova', seed: 'instructor_admin' }));
    expect(svg).toContain('>EP</text>');
    expect(svg).toContain('<title>Portrait of Elena Petrova</title>');
    const others = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((seed) => portraitSvg({ name: 'Elena Petrova', seed }));
    expect(new Set(others).size).toBeGreaterThan(1);
    for (const other of others) expectInert(other);
  });

  it('escape the name', () => {
    const svg = portraitSvg({ name: '<Ana> "O\'Neil" & co' });
    expectInert(svg);
    expect(svg).toContain('Portrait of &lt;Ana&gt; &quot;O&apos;Neil&quot; &amp; co');
    expect(nameInitials('<Ana> co')).toBe('<C');
    expect(svg).toContain('>&lt;C</text>');
  });
});

describe('helpers', () => {
  it('make stable upload keys of the app’s shape, one per image', () => {
    const key = demoImageKey('cover', 'Foundations of Classical Ballet Teaching');
    expect(isUploadKey(key)).toBe(true);
    expect(key).toBe(demoImageKey('cover', 'Foundations of Classical Ballet Teaching'));
    expect(key).not.toBe(demoImageKey('portrait', 'Foundations of Classical Ballet Teaching'));
    expect(key.endsWith('.svg')).toBe(true);
  });

  it('wrap labels into at most two lines', () => {
    expect(wrapWords('Ballet Foundations', 20, 2)).toEqual(['Ballet Foundations']);
    expect(wrapWords('Contemporary Floor Work and Release', 18, 2)).toEqual(['Contemporary Floor', 'Work and Release']);
    expect(wrapWords('one two three four five six seven eight nine ten', 10, 2)).toEqual(['one two', 'three four…']);
  });

  it('write alt text from the title and the style', () => {
    expect(courseImageAlt('Teen Hip Hop', 'Hip Hop')).toBe('Teen Hip Hop — Hip Hop course cover');
    expect(courseImageAlt('Untitled', null)).toBe('Untitled — course cover');
    expect(escapeXml(`<&>"'`)).toBe('&lt;&amp;&gt;&quot;&apos;');
  });
});
