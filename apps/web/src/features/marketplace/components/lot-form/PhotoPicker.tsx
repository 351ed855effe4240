import { useEffect, useState } from 'react';
import { Badge, Button, CloseButton, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { MAX_PHOTOS_PER_PRODUCT, PHOTO_MIME_TYPES } from '@primeur/shared';
import { photoNames, photoUrl } from '../../../../components/PhotoCarousel';

const PHOTO_ACCEPT = PHOTO_MIME_TYPES.join(',');

/** Local previews of chosen files, released when the files change or the form closes. */
function usePreviews(files: File[]) {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const made = files.map((f) => URL.createObjectURL(f));
    setUrls(made);
    return () => made.forEach((u) => URL.revokeObjectURL(u));
  }, [files]);
  return urls;
}

const move = <T,>(list: T[], from: number, to: number) => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

interface NewPhotosProps {
  files: File[];
  onChange(files: File[]): void;
  invalid?: boolean;
  error?: string;
}

/**
 * The photos of a new lot before they are sent: previews in the order buyers will see them (the first
 * is the card's), each with "earlier", "later" and "remove". Choosing files again adds to the list.
 */
export function NewPhotos({ files, onChange, invalid, error }: NewPhotosProps) {
  const { t } = useTranslation('marketplace');
  const urls = usePreviews(files);
  return (
    <>
      {files.length ? (
        <ol className="list-unstyled d-flex flex-wrap gap-2 mb-2" data-testid="photo-previews">
          {files.map((f, i) => (
            <li key={`${f.name}-${f.size}-${f.lastModified}-${i}`} className="border rounded p-1 text-center" style={{ width: 112 }}>
              {urls[i] ? (
                <img
                  src={urls[i]}
                  alt={t('photos.preview', { n: i + 1, count: files.length })}
                  width={102}
                  height={76}
                  style={{ objectFit: 'cover' }}
                  className="rounded"
                />
              ) : (
                <div className="small text-truncate" title={f.name}>
                  {t('photos.preview', { n: i + 1, count: files.length })}
                </div>
              )}
              <div className="small text-truncate" title={f.name}>
                {f.name}
              </div>
              {i === 0 ? (
                <Badge bg="secondary" className="mb-1">
                  {t('photos.first')}
                </Badge>
              ) : null}
              <div className="d-flex justify-content-center gap-1">
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={i === 0}
                  aria-label={t('photos.moveEarlier', { n: i + 1 })}
                  onClick={() => onChange(move(files, i, i - 1))}
                >
                  ←
                </Button>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={i === files.length - 1}
                  aria-label={t('photos.moveLater', { n: i + 1 })}
                  onClick={() => onChange(move(files, i, i + 1))}
                >
                  →
                </Button>
                <Button
                  size="sm"
                  variant="outline-danger"
                  aria-label={t('photos.remove', { n: i + 1 })}
                  onClick={() => onChange(files.filter((_, j) => j !== i))}
                >
                  ×
                </Button>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      <Form.Control
        id="lot-photos"
        type="file"
        multiple
        accept={PHOTO_ACCEPT}
        isInvalid={invalid}
        onChange={(e) => {
          const input = e.target as HTMLInputElement;
          const chosen = [...(input.files ?? [])];
          if (chosen.length) onChange([...files, ...chosen].slice(0, MAX_PHOTOS_PER_PRODUCT + 1));
          // The same file may be chosen again after a removal.
          input.value = '';
        }}
      />
      <Form.Text>{t('mine.photosHint')}</Form.Text>
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </>
  );
}

interface StoredPhotosProps {
  productId: number;
  /** The lot's photos as the API gives them (a JSON list of file names). */
  photos: string;
  busy: boolean;
  onRemove(file: string): void;
  onAdd(files: File[]): void;
}

/** An existing lot's photos: removed and added at once on the server (a lot keeps at least one). */
export function StoredPhotos({ productId, photos, busy, onRemove, onAdd }: StoredPhotosProps) {
  const { t } = useTranslation('marketplace');
  const current = photoNames(photos);
  return (
    <>
      <div className="d-flex flex-wrap gap-2 mb-2">
        {current.map((f) => (
          <div key={f} className="position-relative">
            <img src={photoUrl(productId, f)} alt="" width={96} height={72} style={{ objectFit: 'cover' }} className="rounded border" />
            {current.length > 1 ? (
              <CloseButton className="position-absolute top-0 end-0 bg-white" aria-label={t('mine.removePhoto')} onClick={() => onRemove(f)} />
            ) : null}
          </div>
        ))}
      </div>
      <Form.Control
        id="lot-photos"
        type="file"
        multiple
        accept={PHOTO_ACCEPT}
        disabled={busy}
        onChange={(e) => {
          const chosen = [...((e.target as HTMLInputElement).files ?? [])];
          if (chosen.length) onAdd(chosen);
        }}
      />
      <Form.Text>{t('mine.photosHint')}</Form.Text>
    </>
  );
}
