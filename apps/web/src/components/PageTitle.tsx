import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The path whose heading last took the focus; the first page load keeps the browser's own focus. */
let focusedPath: string | null = typeof window === 'undefined' ? null : window.location.pathname;

/**
 * Sets the document title and renders the page heading. After an in-app navigation the heading takes the
 * focus (issue 16), so screen readers announce the new page and Tab continues from its top, not the menu.
 */
export function PageTitle({ children, className = 'h3 mb-4' }: { children: string; className?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = `${children} · Primeur`;
  }, [children]);
  useEffect(() => {
    if (focusedPath === pathname) return;
    focusedPath = pathname;
    // A dialog or a field that already holds the focus keeps it.
    const active = document.activeElement;
    if (active && active !== document.body && active.closest('main, .modal')) return;
    ref.current?.focus({ preventScroll: false });
  }, [pathname]);
  return (
    <h1 ref={ref} tabIndex={-1} className={className}>
      {children}
    </h1>
  );
}
