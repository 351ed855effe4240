import { Carousel } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { CAROUSEL_INTERVAL_MS } from '@primeur/shared';
import { BasketIcon } from './icons';

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

/** A stored size variant (decision 506): `name-480.webp`, `name-1200.webp`; the server falls back to the original. */
export const photoVariantUrl = (productId: number, file: string, width?: 480 | 1200) =>
  photoUrl(productId, width ? file.replace(/\.(jpg|png|webp)$/, `-${width}.$1`) : file);

export type PhotoSize = 'grid' | 'detail';

/** src, srcSet and sizes of one photo: grid cards use the 480 px variant, the detail carousel 1200 px up to full. */
export function photoSources(productId: number, file: string, size: PhotoSize) {
  if (size === 'grid') {
    return {
      src: photoVariantUrl(productId, file, 480),
      srcSet: `${photoVariantUrl(productId, file, 480)} 480w, ${photoVariantUrl(productId, file, 1200)} 1200w`,
      sizes: '(min-width: 1200px) 25vw, (min-width: 992px) 33vw, (min-width: 576px) 50vw, 100vw',
    };
  }
  return {
    src: photoVariantUrl(productId, file, 1200),
    srcSet: `${photoVariantUrl(productId, file, 1200)} 1200w, ${photoUrl(productId, file)} 2400w`,
    sizes: '(min-width: 992px) 66vw, 100vw',
  };
}

/**
 * A lot's photos: one image, or a carousel changing every 5000 ms that follows swipes (react-bootstrap's
 * touch handling uses the spec's 40 px threshold).
 */
export function PhotoCarousel({
  productId,
  photos,
  alt,
  height = 200,
  size = 'grid',
}: {
  productId: number;
  photos: string;
  alt: string;
  height?: number;
  size?: PhotoSize;
}) {
  const { t } = useTranslation('common');
  const names = photoNames(photos);
  const style = { height, objectFit: 'cover' as const };
  // No photo: a quiet frame that says so, the height of a photo, so the cards of a grid stay in line.
  if (names.length === 0)
    return (
      <div
        className="bg-body-secondary text-body-secondary d-flex flex-column align-items-center justify-content-center gap-1 small"
        style={{ height }}
        data-testid="no-photo"
      >
        <BasketIcon width="2em" height="2em" aria-hidden="true" />
        <span>{t('carousel.none')}</span>
      </div>
    );
  if (names.length === 1) return <img {...photoSources(productId, names[0]!, size)} alt={alt} className="d-block w-100" style={style} loading="lazy" />;
  return (
    <Carousel
      interval={CAROUSEL_INTERVAL_MS}
      touch
      indicators
      controls
      prevLabel={t('carousel.previous')}
      nextLabel={t('carousel.next')}
      indicatorLabels={names.map((_, i) => t('carousel.slide', { n: i + 1, total: names.length }))}
      data-testid={`carousel-${productId}`}
    >
      {names.map((n, i) => (
        <Carousel.Item key={n}>
          <img {...photoSources(productId, n, size)} alt={`${alt} (${i + 1}/${names.length})`} className="d-block w-100" style={style} loading="lazy" />
        </Carousel.Item>
      ))}
    </Carousel>
  );
}
