import { Carousel } from 'react-bootstrap';
import { CAROUSEL_INTERVAL_MS } from '@primeur/shared';

/** The file names of a lot's photos (the API sends them JSON-encoded, spec §3). */
export function photoNames(photos: string): string[] {
  try {
    const list: unknown = JSON.parse(photos);
    return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

export const photoUrl = (productId: number, file: string) => `/product-images/${productId}/${encodeURIComponent(file)}`;

/**
 * A lot's photos: one image, or a carousel changing every 5000 ms that follows swipes (react-bootstrap's
 * touch handling uses the spec's 40 px threshold).
 */
export function PhotoCarousel({ productId, photos, alt, height = 200 }: { productId: number; photos: string; alt: string; height?: number }) {
  const names = photoNames(photos);
  const style = { height, objectFit: 'cover' as const };
  if (names.length === 0) return <div className="bg-body-secondary" style={{ height }} aria-hidden="true" />;
  if (names.length === 1) return <img src={photoUrl(productId, names[0]!)} alt={alt} className="d-block w-100" style={style} loading="lazy" />;
  return (
    <Carousel interval={CAROUSEL_INTERVAL_MS} touch indicators controls data-testid={`carousel-${productId}`}>
      {names.map((n, i) => (
        <Carousel.Item key={n}>
          <img src={photoUrl(productId, n)} alt={`${alt} (${i + 1}/${names.length})`} className="d-block w-100" style={style} loading="lazy" />
        </Carousel.Item>
      ))}
    </Carousel>
  );
}
