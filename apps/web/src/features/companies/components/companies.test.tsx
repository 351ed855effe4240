import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import en from '../../../../../../packages/shared/src/i18n/locales/en/companies.json';
import fr from '../../../../../../packages/shared/src/i18n/locales/fr/companies.json';
import de from '../../../../../../packages/shared/src/i18n/locales/de/companies.json';
import es from '../../../../../../packages/shared/src/i18n/locales/es/companies.json';
import { renderPage } from '../../../test/render';
import { AddContactModal } from './AddContactModal';
import { AddProductModal } from './AddProductModal';
import { addContactForm, editContactForm } from './contact-forms';
import { defaultDialCountry, fromE164, toE164 } from './PhoneInput';

const keys = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('phone helpers', () => {
  it('defaults the dial code to the company country, else us', () => {
    expect(defaultDialCountry('es')).toBe('ES');
    expect(defaultDialCountry(null)).toBe('US');
    expect(defaultDialCountry('XX')).toBe('US');
  });

  it('turns a national number into E.164 and back', () => {
    expect(toE164({ country: 'FR', national: '01 42 68 53 00' })).toBe('+33142685300');
    expect(toE164({ country: 'FR', national: '12' })).toBeNull();
    expect(fromE164('+34950123456', 'US')).toEqual({ country: 'ES', national: '950 12 34 56' });
  });
});

describe('contact form rules (spec §5)', () => {
  const ok = { firstName: 'Ana', lastName: 'Ruiz', email: 'a@b', note: '', phone: { country: 'ES' as const, national: '612345678' } };
  /** The first message per field, as the form shows it. */
  const messages = (schema: typeof addContactForm, v: object) => {
    const first = new Map<string, string>();
    for (const i of schema.safeParse({ ...ok, ...v }).error?.issues ?? []) if (!first.has(String(i.path[0]))) first.set(String(i.path[0]), i.message);
    return [...first.values()];
  };

  it('uses the add texts for an empty add form and the required texts for an empty edit form', () => {
    const empty = { firstName: '', lastName: '', email: '', phone: { country: 'ES', national: '' } };
    expect(messages(addContactForm, empty)).toEqual([
      'validation.firstNameInvalid',
      'validation.lastNameInvalid',
      'validation.emailInvalid',
      'validation.phoneInvalid',
    ]);
    expect(messages(editContactForm, empty)).toEqual([
      'validation.firstNameRequired',
      'validation.lastNameRequired',
      'validation.emailRequired',
      'validation.phoneRequired',
    ]);
  });

  it('accepts text@text emails and refuses impossible phone numbers', () => {
    expect(messages(addContactForm, {})).toEqual([]);
    expect(messages(addContactForm, { email: 'no-at-sign' })).toEqual(['validation.emailInvalid']);
    expect(messages(addContactForm, { phone: { country: 'ES', national: '12' } })).toEqual(['validation.phoneInvalid']);
  });
});

describe('translations', () => {
  it('has every companies key in fr, de and es', () => {
    const all = keys(en).sort();
    for (const lng of [fr, de, es]) expect(keys(lng).sort()).toEqual(all);
  });
});

describe('modals', () => {
  it('shows the German add-contact texts and the company country as dial code', async () => {
    renderPage(<AddContactModal kind="supplier" ownerId={1} countryCode="DE" show onHide={() => {}} />, { lng: 'de' });
    expect(await screen.findByLabelText('Ländervorwahl')).toHaveValue('DE');
    await userEvent.click(screen.getByRole('button', { name: 'Kontakt hinzufügen' }));
    for (const text of ['Ungültiger Vorname.', 'Ungültiger Nachname.', 'Ungültige E-Mail-Adresse.', 'Ungültige Telefonnummer.']) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
  });

  it("refuses an empty product selection with 'Veuillez sélectionner un produit.'", async () => {
    renderPage(<AddProductModal kind="client" ownerId={1} linkedIds={[]} show onHide={() => {}} />, {
      lng: 'fr',
      answers: { '/api/intern/productList/getAll': [] },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Ajouter' }));
    expect(await screen.findByText('Veuillez sélectionner un produit.')).toBeInTheDocument();
  });
});

describe('phone input history', () => {
  it('undoes the last changes with Ctrl+Z, up to the kept history', async () => {
    renderPage(<AddContactModal kind="client" ownerId={1} show onHide={() => {}} />, { lng: 'en' });
    const input = await screen.findByLabelText('Phone');
    await userEvent.type(input, '2025550');
    expect(input).toHaveValue('2025550');
    await userEvent.keyboard('{Control>}z{/Control}');
    expect(input).toHaveValue('202555');
    await userEvent.keyboard('{Control>}z{/Control}{Control>}z{/Control}');
    expect(input).toHaveValue('2025');
  });
});
