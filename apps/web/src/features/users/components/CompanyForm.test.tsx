import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserInfo } from '@primeur/shared';
import { useSession } from '../../../lib/session';
import { jsonResponse, userInfo } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { CompanyForm } from './CompanyForm';

/** The form once the session knows the user, as the profile page shows it. */
function Loaded() {
  const { user } = useSession();
  return user ? <CompanyForm /> : null;
}

const french: UserInfo = {
  ...userInfo({ userId: 7, username: 'compta@vergers.example', companyName: 'Vergers du Sud', category: 'supplier', vatId: 'FR40732829320' }),
  address: '1 chemin des Pêchers',
  postalCode: '66000',
  country: { id: 75, name: 'France', alpha2: 'FR' },
  city: { id: 3, name: 'Perpignan' },
};

function render(user: UserInfo) {
  const sent: Array<Record<string, unknown>> = [];
  renderPage(<Loaded />, {
    answers: {
      '/api/users/isLoggedIn': [[{ roleId: 2, name: 'SUPPLIER' }]],
      '/api/users/userInfos': user,
      '/api/users/changeUserInfos': (_url: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        sent.push(body);
        return jsonResponse({ ...user, ...body });
      },
    },
  });
  return sent;
}

describe('the company form: registration identifier and legal facts (decision 968)', () => {
  it('refuses a French SIREN with a wrong check digit or length before sending, then sends a right one with the legal facts', async () => {
    const sent = render(french);
    const id = await screen.findByLabelText('Company registration number');
    expect(screen.getByText('SIREN (9 digits) or SIRET (14 digits)')).toBeInTheDocument();
    await userEvent.type(id, '732 829 321');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('This number is not valid: check its digits.')).toBeInTheDocument();
    await userEvent.clear(id);
    await userEvent.type(id, '73282932');
    expect(await screen.findByText('A SIREN has 9 digits, a SIRET 14.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await userEvent.clear(id);
    await userEvent.type(id, '732 829 320');
    await userEvent.type(screen.getByLabelText('Legal form (e.g. SAS, SARL)'), 'SAS');
    await userEvent.type(screen.getByLabelText('Share capital (€)'), '15 000,50');
    await userEvent.type(screen.getByLabelText('RCS registry city'), 'Perpignan');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ registrationId: '732 829 320', legalForm: 'SAS', shareCapital: 15000.5, registryCity: 'Perpignan' });
  });

  it('refuses a share capital with three decimals', async () => {
    const sent = render(french);
    await userEvent.type(await screen.findByLabelText('Share capital (€)'), '10.001');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter an amount in euros, 0 or more, with at most 2 decimals.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('takes any national identifier outside France and does not ask for the French legal mentions', async () => {
    const sent = render({ ...french, country: { id: 276, name: 'Germany', alpha2: 'DE' }, city: { id: 9, name: 'Hamburg' } });
    await userEvent.type(await screen.findByLabelText('Company registration number'), 'HRB 12345');
    expect(screen.queryByLabelText('Share capital (€)')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ registrationId: 'HRB 12345', shareCapital: null });
  });
});
