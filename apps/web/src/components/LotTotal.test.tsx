import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '../lib/i18n';
import { LotTotal } from './LotTotal';

function total(lng: string, props: Parameters<typeof LotTotal>[0]) {
  render(
    <I18nextProvider i18n={initI18n(lng)}>
      <LotTotal {...props} />
    </I18nextProvider>,
  );
  return screen.getByTestId('lot-total').textContent;
}

describe('LotTotal: what a whole lot comes to', () => {
  it('writes pallets × kg and the euro total at the current price in the reader’s language', () => {
    expect(total('en', { pallets: 8, netKgPerPallet: 800, pricePerKg: 1.62 })).toBe('8 pallets · 6,400\u00a0kg · ≈ €10,368');
  });

  // Spanish groups four-digit numbers or not depending on the ICU data of the runtime (CLDR's minimum grouping digits).
  it.each([
    ['fr', /^8 palettes · 6\u202f400\u00a0kg · ≈ 10\u202f368\u00a0€$/],
    ['de', /^8 Paletten · 6\.400\u00a0kg · ≈ 10\.368\u00a0€$/],
    ['es', /^8 palés · 6\.?400\u00a0kg · ≈ 10\.368\u00a0€$/],
  ])('in %s', (lng, text) => {
    expect(total(lng, { pallets: 8, netKgPerPallet: 800, pricePerKg: 1.62 })).toMatch(text);
  });

  it('says the weight is not stated on a lot older than weights, and leaves the euro total out', () => {
    expect(total('en', { pallets: 3, netKgPerPallet: null, pricePerKg: 2 })).toBe('3 pallets · weight not stated');
  });
});
