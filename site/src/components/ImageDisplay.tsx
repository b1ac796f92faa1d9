import { useEffect, useRef, useState, type ImgHTMLAttributes, type ReactNode } from 'react';
import { imageFallbackChain } from '../lib/image-fallback.ts';
import './file-uploader.css';

export interface ImageDisplayProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'onLoad' | 'onError'> {
  src: string | null | undefined;
  alt: string;
  /** The last image to try (e.g. a default image of lib/image-url.ts). */
  fallbackSrc?: string;
  /** Shown when every image failed; nothing by default. */
  fallback?: ReactNode;
  /** Class of the wrapper; the image itself is `img-display-img`. */
  className?: string;
}

interface Attempt {
  src: string | null | undefined;
  fallbackSrc: string | undefined;
  chain: string[];
  index: number;
  loaded: boolean;
}

function start(src: string | null | undefined, fallbackSrc: string | undefined): Attempt {
  return { src, fallbackSrc, chain: imageFallbackChain(src, { fallbackSrc }), index: 0, loaded: false };
}

/**
 * An image with a spinner while it loads; on failure it walks the image-load failure chain (alternate path,
 * absolute URL, the supplied fallback image) and finally shows `fallback` or nothing.
 */
export default function ImageDisplay({ src, alt, fallbackSrc, fallback = null, className, ...imgProps }: ImageDisplayProps) {
  const [attempt, setAttempt] = useState<Attempt>(() => start(src, fallbackSrc));
  const img = useRef<HTMLImageElement>(null);

  // A new image starts over (computed once per source: thumbnail URLs carry a timestamp).
  let current = attempt;
  if (attempt.src !== src || attempt.fallbackSrc !== fallbackSrc) {
    current = start(src, fallbackSrc);
    setAttempt(current);
  }

  // Moves past the attempt at `from` only: an image the page's policy blocks is already complete
  // (broken) when the effect below reads it, and its error event comes too; one step, not two.
  const next = (from: number) => setAttempt((a) => (a.index === from ? { ...a, index: a.index + 1, loaded: false } : a));
  const done = () => setAttempt((a) => ({ ...a, loaded: true }));

  // An image may finish before hydration attaches its handlers: read its state once mounted.
  const url = current.chain[current.index];
  useEffect(() => {
    const el = img.current;
    if (!el || !el.complete || current.loaded) return;
    if (el.naturalWidth > 0) done();
    else next(current.index);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);

  if (!url) return <>{fallback}</>;
  const loading = !current.loaded;
  return (
    <span className={['img-display', className].filter(Boolean).join(' ')} aria-busy={loading}>
      {loading && <span className="img-spinner" aria-hidden="true" />}
      <img
        {...imgProps}
        ref={img}
        key={url}
        src={url}
        alt={alt}
        className={['img-display-img', loading ? 'img-loading' : null].filter(Boolean).join(' ')}
        onLoad={done}
        onError={() => next(current.index)}
      />
    </span>
  );
}
