import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../test/render';
import { germanBuyer, signedIn } from '../../test/fixtures';
import { Header } from './Header';

describe('header', () => {
  it.each([
    ['en', 'Toggle navigation'],
    ['fr', 'Afficher la navigation'],
    ['de', 'Navigation umschalten'],
    ['es', 'Mostrar navegación'],
  ])('names the menu toggle in %s', async (lng, name) => {
    renderPage(<Header />, { lng });
    expect(await screen.findByRole('button', { name })).toBeInTheDocument();
  });

  it('expands from xl on, in a container as wide as the window up to xxl (decision 954)', async () => {
    const { container } = renderPage(<Header />);
    await screen.findByRole('button', { name: 'Toggle navigation' });
    expect(container.querySelector('header')).toHaveClass('navbar-expand-xl');
    expect(container.querySelector('header > .container-xxl')).not.toBeNull();
  });

  it("puts a trader's invoices in the company menu, beside the profile, not in the bar (decision 954)", async () => {
    renderPage(<Header />, { lng: 'de', answers: { ...signedIn(germanBuyer), '/api/notifications': [] } });
    const company = await screen.findByRole('button', { name: germanBuyer.companyName });
    const bar = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(within(bar).getByRole('link', { name: 'Bestellungen' })).toBeInTheDocument();
    expect(within(bar).queryByRole('link', { name: 'Rechnungen' })).toBeNull();
    // The whole name stays readable where the bar has to cut it.
    expect(within(company).getByTitle(germanBuyer.companyName)).toHaveClass('text-truncate');
    await userEvent.click(company);
    expect(await screen.findByRole('link', { name: 'Rechnungen' })).toHaveAttribute('href', '/user/invoices');
    expect(screen.getByRole('link', { name: 'Firmenprofil' })).toBeInTheDocument();
  });
});
