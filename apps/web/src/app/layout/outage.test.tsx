import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ROLE_IDS } from '@primeur/shared';
import { Providers } from '../Providers';
import { RouteGuard } from '../RouteGuard';
import { SessionProvider } from '../../lib/session';
import { api } from '../../lib/api';
import { initI18n } from '../../lib/i18n';
import { germanBuyer, jsonResponse } from '../../test/fixtures';
import { Layout } from './Layout';

/** A signed-in page that loads its own data, as every page does. */
function LotsPage({ list = 'market' }: { list?: string }) {
  const lots = useQuery({ queryKey: ['lots', list], queryFn: () => api.get<string[]>('/api/lots'), retry: false });
  return <p>{lots.data ? `Lots: ${lots.data.join(', ')}` : lots.isError ? 'lots failed' : 'lots loading'}</p>;
}

type Answer = 'down' | 'network' | 'signed-in' | 'signed-out';

/** The network as the test sets it: the answer of the service changes while the page is open. */
let service: Answer;
let checks: number;

function answer(url: string): Response {
  if (service === 'network') throw new TypeError('Failed to fetch');
  if (service === 'down') return jsonResponse({ error: 'The database is unavailable; try again in a moment.', code: 'DATABASE_UNAVAILABLE' }, 503);
  if (service === 'signed-out') return jsonResponse({ error: 'You are not signed in.', code: 'NOT_SIGNED_IN' }, 401);
  if (url.startsWith('/api/users/isLoggedIn')) return jsonResponse([[{ roleId: ROLE_IDS.client, name: 'X' }]]);
  if (url.startsWith('/api/users/userInfos')) return jsonResponse(germanBuyer);
  if (url.startsWith('/api/lots')) return jsonResponse(['Verna lemons']);
  return jsonResponse({ error: 'Not found.', code: 'NOT_FOUND' }, 404);
}

function renderApp(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <SessionProvider retryBaseMs={20}>
            <Layout />
          </SessionProvider>
        ),
        children: [
          { path: 'user/login', element: <p>Sign-in form</p> },
          {
            element: <RouteGuard mode="authenticated" />,
            children: [
              { path: 'marketplace', element: <LotsPage /> },
              { path: 'encheres', element: <LotsPage list="auctions" /> },
            ],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <Providers i18n={initI18n('en')}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

beforeEach(() => {
  checks = 0;
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url.startsWith('/api/users/isLoggedIn')) checks++;
      return answer(url);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The page was open and signed in before: this tab knows the session (as after any page of the app). */
async function signedInBefore() {
  service = 'signed-in';
  const first = renderApp('/marketplace');
  expect(await screen.findByText('Lots: Verna lemons')).toBeInTheDocument();
  first.unmount();
}

const expectNoSignIn = () => {
  expect(screen.queryByText('Sign-in form')).toBeNull();
  expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
};

describe('an outage that looks like an outage (decision 784)', () => {
  it.each<[string, Answer]>([
    ['503 DATABASE_UNAVAILABLE', 'down'],
    ['a network error', 'network'],
  ])('a reload during %s keeps the last session, says the service is away, retries, and carries on once it is back', async (_label, outage) => {
    await signedInBefore();
    service = outage;
    renderApp('/marketplace');
    const banner = await screen.findByTestId('outage-banner');
    expect(banner).toHaveTextContent('Service unavailable — retrying');
    // The trader's own shell stays: the company in the header, no sign-in form, no "Login".
    expect(await screen.findByRole('button', { name: germanBuyer.companyName })).toBeInTheDocument();
    expectNoSignIn();
    // Retried by itself, with back-off.
    await waitFor(() => expect(checks).toBeGreaterThanOrEqual(3));
    expectNoSignIn();
    service = 'signed-in';
    expect(await screen.findByText('Lots: Verna lemons', {}, { timeout: 30_000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('outage-banner')).toBeNull());
  });

  it('an open page keeps going through an outage and loads again what failed meanwhile', async () => {
    service = 'signed-in';
    const user = userEvent.setup();
    renderApp('/marketplace');
    expect(await screen.findByText('Lots: Verna lemons')).toBeInTheDocument();
    service = 'down';
    // A route change checks the session again: it fails with 503, and so does the new page's data.
    await user.click(screen.getByRole('link', { name: 'Auctions' }));
    expect(await screen.findByTestId('outage-banner')).toBeInTheDocument();
    expect(await screen.findByText('lots failed')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: germanBuyer.companyName })).toBeInTheDocument();
    expectNoSignIn();
    service = 'signed-in';
    // Back: the banner goes and the page loads what failed, without a reload.
    expect(await screen.findByText('Lots: Verna lemons', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('outage-banner')).toBeNull();
  });

  it('without a known session it waits for the service instead of showing the sign-in form, then goes on', async () => {
    service = 'down';
    renderApp('/marketplace');
    expect(await screen.findByTestId('outage-banner')).toBeInTheDocument();
    expectNoSignIn();
    service = 'signed-out';
    // Back, and the answer is "not signed in": now, and only now, the sign-in form.
    expect(await screen.findByText('Sign-in form', {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('outage-banner')).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('"Retry now" checks at once', async () => {
    service = 'down';
    const user = userEvent.setup();
    const { unmount } = renderApp('/marketplace');
    await screen.findByTestId('outage-banner');
    service = 'signed-in';
    await user.click(screen.getByRole('button', { name: 'Retry now' }));
    expect(await screen.findByText('Lots: Verna lemons')).toBeInTheDocument();
    unmount();
  });

  it('a 401 is still a sign-out: no banner, the sign-in form, and the last session forgotten', async () => {
    await signedInBefore();
    expect(sessionStorage.getItem('primeur.lastSession')).toContain(germanBuyer.companyName);
    service = 'signed-out';
    const signedOut = renderApp('/marketplace');
    expect(await screen.findByText('Sign-in form')).toBeInTheDocument();
    expect(screen.queryByTestId('outage-banner')).toBeNull();
    expect(sessionStorage.getItem('primeur.lastSession')).toBeNull();
    // A later outage no longer brings back the session that ended.
    signedOut.unmount();
    service = 'down';
    renderApp('/marketplace');
    expect(await screen.findByTestId('outage-banner')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: germanBuyer.companyName })).toBeNull();
  });

  it('keeps only who and in which role, not the profile', async () => {
    await signedInBefore();
    const stored = JSON.parse(sessionStorage.getItem('primeur.lastSession')!) as { user: Record<string, unknown> };
    expect(Object.keys(stored.user).sort()).toEqual(['category', 'companyName', 'userId', 'username']);
  });
});
