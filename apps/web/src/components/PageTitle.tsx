import { useEffect } from 'react';

/** Sets the document title and renders the page heading. */
export function PageTitle({ children, className = 'h3 mb-4' }: { children: string; className?: string }) {
  useEffect(() => {
    document.title = `${children} · Primeur`;
  }, [children]);
  return <h1 className={className}>{children}</h1>;
}
