import { describe, expect, it } from 'vitest';
import { alternateImagePath, imageFallbackChain } from './image-fallback.ts';
import { DEFAULT_IMAGES, defaultImage, imageUrl, PLACEHOLDER_IMAGE } from './image-url.ts';

const now = 1_700_000_000_000;

describe('imageUrl', () => {
  it('gives the placeholder (or a supplied fallback) when there is no URL', () => {
    expect(PLACEHOLDER_IMAGE).toBe('/images/placeholder.jpg');
    expect(imageUrl(null)).toBe('/images/placeholder.jpg');
    expect(imageUrl(undefined)).toBe('/images/placeholder.jpg');
    expect(imageUrl('   ')).toBe('/images/placeholder.jpg');
    expect(imageUrl('', { fallback: '/images/default-user.png' })).toBe('/images/default-user.png');
  });

  it('strips a public path prefix', () => {
    expect(imageUrl('/public/images/hero.jpg')).toBe('/images/hero.jpg');
    expect(imageUrl('public/images/hero.jpg')).toBe('/images/hero.jpg');
    expect(imageUrl('https://drx.example/public/uploads/a.png', { ownHosts: ['drx.example'] })).toBe('/uploads/a.png');
  });

  it('keeps local paths, adding the leading slash to relative ones', () => {
    expect(imageUrl('/uploads/a.png')).toBe('/uploads/a.png');
    expect(imageUrl('uploads/resources/a.png')).toBe('/uploads/resources/a.png');
    expect(imageUrl('/images/default-resource.jpg')).toBe('/images/default-resource.jpg');
  });

  it('appends a timestamp to thumbnail paths without a query string', () => {
    expect(imageUrl('/uploads/thumbnails/a.png', { now })).toBe(`/uploads/thumbnails/a.png?t=${now}`);
    expect(imageUrl('uploads/thumbnails/a.png', { now })).toBe(`/uploads/thumbnails/a.png?t=${now}`);
    expect(imageUrl('/uploads/thumbnails/a.png?v=2', { now })).toBe('/uploads/thumbnails/a.png?v=2');
    expect(imageUrl('/uploads/a.png', { now })).toBe('/uploads/a.png');
  });

  it('rewrites absolute URLs of our own hosts to local paths', () => {
    expect(imageUrl('http://localhost:3000/images/hero.jpg')).toBe('/images/hero.jpg');
    expect(imageUrl('http://127.0.0.1:8787/courses/a.png?x=1#y')).toBe('/courses/a.png?x=1#y');
    expect(imageUrl('https://drx.example/images/x.jpg', { currentHost: 'drx.example' })).toBe('/images/x.jpg');
    expect(imageUrl('https://www.drx.example/thumbnails/x.jpg', { ownHosts: ['www.drx.example'], now })).toBe(`/thumbnails/x.jpg?t=${now}`);
  });

  it('rewrites absolute URLs of uploads paths on any host to local paths', () => {
    expect(imageUrl('https://old-api.example.com/uploads/resources/a.png')).toBe('/uploads/resources/a.png');
    expect(imageUrl('//cdn.example.com/uploads/a.png')).toBe('/uploads/a.png');
  });

  it('leaves avatar, data and known third-party image URLs unchanged', () => {
    const kept = [
      'data:image/png;base64,iVBORw0KGgo=',
      'blob:https://drx.example/6d3c',
      'https://ui-avatars.com/api/?name=Ada+Lovelace',
      'https://www.gravatar.com/avatar/abc?d=identicon',
      'https://images.unsplash.com/photo-1?w=800',
      'https://res.cloudinary.com/demo/image/upload/sample.jpg',
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      'https://avatars.example.org/u/1.png',
    ];
    for (const url of kept) expect(imageUrl(url)).toBe(url);
  });

  it('leaves other absolute URLs alone and refuses non-web schemes', () => {
    expect(imageUrl('https://example.org/pictures/a.jpg')).toBe('https://example.org/pictures/a.jpg');
    expect(imageUrl('javascript://alert(1)')).toBe(PLACEHOLDER_IMAGE);
    expect(imageUrl('ftp://example.org/a.jpg')).toBe(PLACEHOLDER_IMAGE);
  });
});

describe('default images', () => {
  it('has the placeholder and a default for resource, user, seller and profile under /images/', () => {
    expect(defaultImage()).toBe('/images/placeholder.jpg');
    for (const kind of ['resource', 'user', 'seller', 'profile'] as const) {
      expect(defaultImage(kind)).toMatch(/^\/images\/default-/);
      expect(DEFAULT_IMAGES[kind]).toBe(defaultImage(kind));
    }
  });
});

describe('alternateImagePath', () => {
  it('swaps resource images between uploads and uploads/resources', () => {
    expect(alternateImagePath('/uploads/resources/a.png')).toBe('/uploads/a.png');
    expect(alternateImagePath('/uploads/a.png')).toBe('/uploads/resources/a.png');
    expect(alternateImagePath('/uploads/a.png?t=1')).toBe('/uploads/resources/a.png?t=1');
  });

  it('falls back to thumbnails for other uploads, and has nothing else', () => {
    expect(alternateImagePath('/uploads/images/a.png')).toBe('/uploads/thumbnails/a.png');
    expect(alternateImagePath('/uploads/thumbnails/a.png')).toBeNull();
    expect(alternateImagePath('/images/placeholder.jpg')).toBeNull();
    expect(alternateImagePath('https://example.org/a.png')).toBeNull();
  });
});

describe('imageFallbackChain', () => {
  const origin = 'https://drx.example';

  it('tries the image, the alternate path, the absolute URL, then the fallback', () => {
    expect(imageFallbackChain('/uploads/resources/a.png', { origin, fallbackSrc: '/images/default-resource.jpg' })).toEqual([
      '/uploads/resources/a.png',
      '/uploads/a.png',
      'https://drx.example/uploads/resources/a.png',
      '/images/default-resource.jpg',
    ]);
  });

  it('tries the original absolute URL after its local rewrite', () => {
    expect(imageFallbackChain('https://old-api.example.com/uploads/a.png', { origin })).toEqual([
      '/uploads/a.png',
      '/uploads/resources/a.png',
      'https://old-api.example.com/uploads/a.png',
    ]);
  });

  it('ends without a fallback when none is supplied, and skips what does not apply', () => {
    expect(imageFallbackChain('https://images.unsplash.com/p.jpg', { origin })).toEqual(['https://images.unsplash.com/p.jpg']);
    expect(imageFallbackChain('/images/hero.jpg', { origin, fallbackSrc: '/images/hero.jpg' })).toEqual([
      '/images/hero.jpg',
      'https://drx.example/images/hero.jpg',
    ]);
  });

  it('is only the fallback when there is no image', () => {
    expect(imageFallbackChain(null, { fallbackSrc: '/images/placeholder.jpg' })).toEqual(['/images/placeholder.jpg']);
    expect(imageFallbackChain('')).toEqual([]);
  });
});
