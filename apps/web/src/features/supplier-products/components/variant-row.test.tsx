import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupplierVariant } from '@primeur/shared';
import { renderPage } from '../../../test/render';
import { VariantRow } from './VariantRow';

const variant = (over: Partial<SupplierVariant> = {}): SupplierVariant => ({
  id: 5,
  supplier: { id: 7, company: 'Huerta de Almería S.L.' },
  supplierProductList: {
    id: 11,
    product: {
      id: 1,
      code: 'FRV07',
      family: 'legumes',
      subfamily: 'fruit-vegetables',
      article: 'Aubergine',
      names: { en: 'Aubergine', fr: 'Aubergine', de: 'Aubergine', es: 'Berenjena' },
    },
  },
  origin: null,
  packaging: null,
  box: null,
  caliber: 'L',
  qualityClass: null,
  weightPiece: null,
  nbPiece: 1,
  priceKg: 1.15,
  priceColis: 0,
  pricePiece: 0,
  volume: 2,
  startDate: '2026-11-26',
  endDate: '2026-12-02',
  ...over,
});

function renderRow(v: SupplierVariant, save = vi.fn().mockResolvedValue(undefined), lng = 'en') {
  renderPage(
    <table>
      <tbody>
        <VariantRow variant={v} origins={[]} packagings={[]} boxes={[]} save={save} onDelete={() => undefined} selected={false} onSelect={() => undefined} />
      </tbody>
    </table>,
    { lng },
  );
  return save;
}

describe('the class of a supplier variant (decision 915)', () => {
  it('shows "—" for a line without a class and saves the class chosen, by the lot views\' names', async () => {
    const save = renderRow(variant());
    const select = (await screen.findByLabelText('Class')) as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['—', 'Extra', 'Class I', 'Class II']);
    await userEvent.selectOptions(select, 'Class I');
    expect(save).toHaveBeenCalledExactlyOnceWith('qualityClass', 'I');
  });

  it('shows the class of the line in French, and offers no way back to none', async () => {
    renderRow(variant({ qualityClass: 'II' }), undefined, 'fr');
    const select = (await screen.findByLabelText('Catégorie')) as HTMLSelectElement;
    expect(select.selectedOptions[0]!.textContent).toBe('Catégorie II');
    expect((within(select).getByRole('option', { name: '—' }) as HTMLOptionElement).disabled).toBe(true);
  });
});
