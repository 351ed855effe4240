/**
 * A country flag by ISO alpha-2 code ("us", "fr"…), decorative unless titled. Each flag is its own
 * small file under /flags/ (copied from flag-icons at build), fetched only when a flag is shown —
 * no style sheet listing every country's flag on first load.
 */
export function Flag({ code, title, className = '' }: { code: string; title?: string; className?: string }) {
  const c = code.toLowerCase();
  return (
    <img
      src={`/flags/${encodeURIComponent(c)}.svg`}
      className={`fi fi-${c} ${className}`}
      alt={title ?? ''}
      title={title}
      aria-hidden={title ? undefined : true}
      width={20}
      height={15}
      loading="lazy"
      decoding="async"
      style={{ width: '1.333em', height: '1em', verticalAlign: '-0.125em', objectFit: 'cover' }}
    />
  );
}
