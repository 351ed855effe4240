import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { Providers } from './app/Providers';
import { createRouter } from './app/router';
import { initI18nLoaded } from './lib/i18n';

const router = createRouter();

// The first render waits for the shown language's core catalogs (one small fetch); the other
// namespaces are fetched right after, in one more (lib/i18n.ts, decision 650).
void initI18nLoaded().then((i18n) =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers i18n={i18n}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
