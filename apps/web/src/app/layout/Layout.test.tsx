import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { germanBuyer, signedIn } from '../../test/fixtures';
import { renderPage } from '../../test/render';
import { useSession } from '../../lib/session';
import { Layout } from './Layout';

/** A page with its own sign-out button (the header's is in a dropdown). */
function SignOut() {
  const { logout } = useSession();
  return <button onClick={() => void logout().catch(() => undefined)}>sign out here</button>;
}

function renderSignedIn(lng: string, logoutAnswer: () => Response) {
  renderPage(
    <Routes>
      <Route element={<Layout />}>
        <Route path="*" element={<SignOut />} />
      </Route>
    </Routes>,
    {
      lng,
      path: '/somewhere',
      answers: {
        ...signedIn(germanBuyer),
        '/auth/logout': logoutAnswer,
      },
    },
  );
}

const failed = (body?: unknown) => () =>
  body === undefined ? new Response('', { status: 500 }) : new Response(JSON.stringify(body), { status: 500, headers: { 'content-type': 'application/json' } });

describe('session alert (spec §8)', () => {
  it.each([
    ['fr', 'Échec de la déconnexion', 'Echec déconnexion'],
    ['en', 'Sign-out failed', 'Logout failed'],
    ['de', 'Abmelden fehlgeschlagen', 'Abmeldung fehlgeschlagen'],
    ['es', 'Error al cerrar sesión', 'Error al cerrar la sesión'],
  ])("a failed sign-out without the server's text says so in %s", async (lng, title, text) => {
    const user = userEvent.setup();
    renderSignedIn(lng, failed());
    await user.click(await screen.findByRole('button', { name: 'sign out here' }));
    const alert = await screen.findByTestId('session-alert');
    expect(within(alert).getByRole('heading', { name: title })).toBeInTheDocument();
    expect(alert).toHaveTextContent(text);
  });

  it("shows the server's error field when there is one, and goes away when closed", async () => {
    const user = userEvent.setup();
    renderSignedIn('fr', failed({ error: 'Session store unavailable.', code: 'INTERNAL' }));
    await user.click(await screen.findByRole('button', { name: 'sign out here' }));
    const alert = await screen.findByTestId('session-alert');
    expect(alert).toHaveTextContent('Session store unavailable.');
    expect(alert).not.toHaveTextContent('Echec déconnexion');
    await user.click(within(alert).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByTestId('session-alert')).toBeNull();
  });
});
