import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { Providers } from '../app/Providers';
import { SessionProvider } from '../lib/session';
import { initI18n } from '../lib/i18n';

/**
 * Renders a page inside the app's providers and a memory router, in a given language. The network
 * answers as for a visitor (401 on the session check) unless the test gives its own answers.
 */
export function renderPage(element: ReactElement, { lng = 'en', path = '/', answers = {} as Record<string, unknown> } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = Object.keys(answers).find((k) => url.startsWith(k));
      // An answer may be a function of the request: it returns the Response itself (status, body).
      const answer = key ? answers[key] : undefined;
      if (typeof answer === 'function') return (answer as (url: string, init?: RequestInit) => Response | Promise<Response>)(url, init);
      if (key) return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
      return new Response(JSON.stringify({ error: 'You are not signed in.', code: 'NOT_SIGNED_IN' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const i18n = initI18n(lng);
  const router = createMemoryRouter([{ path: '*', element: <SessionProvider>{element}</SessionProvider> }], { initialEntries: [path] });
  // The router goes with the result, for a test that reads the address the page wrote.
  return Object.assign(
    render(
      <Providers i18n={i18n}>
        <RouterProvider router={router} />
      </Providers>,
    ),
    { router },
  );
}
