import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18nLoaded } from '../lib/i18n';
import { Providers } from './Providers';
import { createRouter } from './router';

/** The app: imported by main.tsx once the page's static frame is on screen (decision 921). */
export function start() {
  const router = createRouter();
  // The first render waits for the shown language's core catalogs (one small fetch); the other
  // namespaces are fetched right after, in one more (lib/i18n.ts, decision 650).
  return initI18nLoaded().then((i18n) =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <Providers i18n={i18n}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    ),
  );
}
