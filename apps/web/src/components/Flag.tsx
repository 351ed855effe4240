/** A country flag from flag-icons by ISO alpha-2 code ("us", "fr"…), decorative unless titled. */
export function Flag({ code, title, className = '' }: { code: string; title?: string; className?: string }) {
  return (
    <span
      className={`fi fi-${code.toLowerCase()} ${className}`}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      title={title}
    />
  );
}
