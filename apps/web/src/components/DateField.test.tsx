import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { formatDay } from '@primeur/shared';
import { initI18n } from '../lib/i18n';
import { DateField } from './DateField';

function Harness({ lng, initial = '2026-11-23' }: { lng: string; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <I18nextProvider i18n={initI18n(lng)}>
      <label htmlFor="until">Until</label>
      <DateField id="until" value={value} onChange={setValue} />
      <output data-testid="value">{value || 'none'}</output>
    </I18nextProvider>
  );
}

/** The picker is loaded lazily: wait for the real field (it is not read-only). */
async function field() {
  await screen.findByLabelText('Until');
  await expect.poll(() => (screen.getByLabelText('Until') as HTMLInputElement).readOnly, { timeout: 30_000 }).toBe(false);
  return screen.getByLabelText('Until') as HTMLInputElement;
}

describe('DateField (the one date picker)', () => {
  it.each(['en', 'fr', 'de', 'es'])('shows the day as formatDay does in %s', async (lng) => {
    render(<Harness lng={lng} />);
    expect((await field()).value).toBe(formatDay('2026-11-23', lng));
  });

  it('opens a French calendar that starts the week on Monday, and picks a day with the keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness lng="fr" />);
    await user.click(await field());
    const calendar = await screen.findByRole('dialog');
    const names = within(calendar)
      .getAllByText(/^(lu|ma|me|je|ve|sa|di)/i)
      .map((e) => e.textContent?.toLowerCase().slice(0, 2));
    expect(names[0]).toBe('lu');
    expect(within(calendar).getByText(/novembre 2026/i)).toBeTruthy();
    // Arrow down enters the calendar on the chosen day; arrows move a week or a day; Enter picks.
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowRight}{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('2026-12-01');
  });

  it('reads a typed day in the short numeric form of the language', async () => {
    const user = userEvent.setup();
    render(<Harness lng="de" initial="" />);
    const input = await field();
    await user.type(input, '05.12.2026');
    expect(screen.getByTestId('value').textContent).toBe('2026-12-05');
  });
});
