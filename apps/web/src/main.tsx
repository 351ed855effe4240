import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import 'bootstrap/dist/css/bootstrap.min.css';
import 'flag-icons/css/flag-icons.min.css';
import './styles.css';
import { Providers } from './app/Providers';
import { createRouter } from './app/router';
import { initI18n } from './lib/i18n';

const i18n = initI18n();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers i18n={i18n}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
