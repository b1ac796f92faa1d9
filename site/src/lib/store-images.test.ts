import { describe, expect, it } from 'vitest';
import { DEFAULT_RESOURCE_IMAGE, DEFAULT_SELLER_IMAGE, nextImageAttempt, storeImage, storeImageChain } from './store-images.ts';

const origin = 'https://drx.example';

describe('storeImage', () => {
  it('shows the stored picture as a local path, or the default image when there is none', () => {
    expect(storeImage('/uploads/resources/cover.png')).toEqual({ src: '/uploads/resources/cover.png', fallback: DEFAULT_RESOURCE_IMAGE, original: undefined });
    expect(storeImage(null)).toEqual({ src: DEFAULT_RESOURCE_IMAGE, fallback: DEFAULT_RESOURCE_IMAGE, original: undefined });
    expect(storeImage('  ', DEFAULT_SELLER_IMAGE)).toEqual({ src: DEFAULT_SELLER_IMAGE, fallback: DEFAULT_SELLER_IMAGE, original: undefined });
  });

  it('keeps the stored URL when it was rewritten, for the absolute-URL attempt', () => {
    expect(storeImage('http://localhost:3000/uploads/cover.png')).toEqual({
      src: '/uploads/cover.png',
      fallback: DEFAULT_RESOURCE_IMAGE,
      original: 'http://localhost:3000/uploads/cover.png',
    });
    expect(storeImage('uploads/cover.png').original).toBe('uploads/cover.png');
  });
});

describe('the failure chain of a store picture', () => {
  it('swaps /uploads/resources/ for /uploads/, then tries the absolute URL, then the default resource image', () => {
    const { src, original, fallback } = storeImage('/uploads/resources/cover.png');
    const chain = storeImageChain(src, original, fallback, origin);
    expect(chain).toEqual(['/uploads/resources/cover.png', '/uploads/cover.png', 'https://drx.example/uploads/resources/cover.png', DEFAULT_RESOURCE_IMAGE]);
    expect(nextImageAttempt(chain, 0)).toBe('/uploads/cover.png');
    expect(nextImageAttempt(chain, 1)).toBe('https://drx.example/uploads/resources/cover.png');
    expect(nextImageAttempt(chain, 2)).toBe(DEFAULT_RESOURCE_IMAGE);
    expect(nextImageAttempt(chain, 3)).toBeNull();
  });

  it('swaps /uploads/ for /uploads/resources/ the other way round', () => {
    const chain = storeImageChain('/uploads/cover.png', undefined, DEFAULT_RESOURCE_IMAGE, origin);
    expect(chain.slice(0, 2)).toEqual(['/uploads/cover.png', '/uploads/resources/cover.png']);
  });

  it('tries the original absolute URL of a rewritten one', () => {
    const { src, original, fallback } = storeImage('http://127.0.0.1:4000/uploads/resources/x.jpg');
    expect(storeImageChain(src, original, fallback, origin)).toEqual([
      '/uploads/resources/x.jpg',
      '/uploads/x.jpg',
      'http://127.0.0.1:4000/uploads/resources/x.jpg',
      DEFAULT_RESOURCE_IMAGE,
    ]);
  });

  it('leads with the rendered URL of a thumbnail whatever its timestamp', () => {
    const chain = storeImageChain('/uploads/thumbnails/a.jpg?t=1', undefined, DEFAULT_RESOURCE_IMAGE, origin);
    expect(chain[0]).toBe('/uploads/thumbnails/a.jpg?t=1');
    expect(chain.filter((u) => u.startsWith('/uploads/thumbnails/a.jpg'))).toHaveLength(1);
    expect(chain.at(-1)).toBe(DEFAULT_RESOURCE_IMAGE);
  });

  it('stops at the default image: a failing default is not tried again', () => {
    const chain = storeImageChain(DEFAULT_SELLER_IMAGE, undefined, DEFAULT_SELLER_IMAGE, origin);
    expect(chain).toEqual([DEFAULT_SELLER_IMAGE, `${origin}${DEFAULT_SELLER_IMAGE}`]);
    expect(nextImageAttempt(chain, 1)).toBeNull();
  });
});
