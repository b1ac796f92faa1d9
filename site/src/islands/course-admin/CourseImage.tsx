import ImageDisplay from '../../components/ImageDisplay.tsx';

/** A course without an image (or whose image fails) shows the placeholder. */
export const PLACEHOLDER_IMAGE = '/images/placeholder.jpg';

export default function CourseImage({ src, alt, className }: { src: string | null | undefined; alt: string; className?: string }) {
  return <ImageDisplay src={src || PLACEHOLDER_IMAGE} fallbackSrc={PLACEHOLDER_IMAGE} alt={alt} className={className} loading="lazy" />;
}
