import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BsEye, BsEyeFill } from 'react-icons/bs';
import { useToast } from '../../../components/Toasts';
import { useSetWatch, useWatched } from '../api/watch';

/**
 * Watch / stop watching an auction lot. Reads the user's watch list (one cached query shared by
 * every button on the page), so it can be dropped on any auction card or page.
 */
export function WatchButton({ productId, lot, size = 'sm' }: { productId: number; lot: string; size?: 'sm' | 'lg' }) {
  const { t } = useTranslation('alerts');
  const toast = useToast();
  const { data } = useWatched();
  const setWatch = useSetWatch(productId);
  const watched = data?.some((w) => w.productId === productId) ?? false;
  return (
    <Button
      size={size}
      variant={watched ? 'success' : 'outline-secondary'}
      aria-pressed={watched}
      // The name starts with the visible word (WCAG 2.5.3, label in name); the lot tells the buttons of a list apart.
      aria-label={watched ? t('watch.watchingLot', { lot }) : t('watch.watchLot', { lot })}
      disabled={!data || setWatch.isPending}
      data-testid={`watch-${productId}`}
      onClick={() => setWatch.mutate(!watched, { onError: () => toast.show('default', { message: t('watch.error') }) })}
    >
      {watched ? <BsEyeFill aria-hidden="true" className="me-1" /> : <BsEye aria-hidden="true" className="me-1" />}
      {watched ? t('watch.watching') : t('watch.watch')}
    </Button>
  );
}
