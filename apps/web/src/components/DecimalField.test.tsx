import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '../lib/i18n';
import { DecimalField, type DecimalFieldProps, type DecimalProblem } from './DecimalField';

function Harness({ lng, onValue, ...props }: Partial<DecimalFieldProps> & { lng: string; onValue?: (v: number | null, p: DecimalProblem | null) => void }) {
  const [value, setValue] = useState<number | null>(props.value ?? null);
  return (
    <I18nextProvider i18n={initI18n(lng)}>
      <label htmlFor="amount">Amount</label>
      <DecimalField
        id="amount"
        {...props}
        value={value}
        onChange={(v, p) => {
          setValue(v);
          onValue?.(v, p);
        }}
      />
      <output data-testid="value">{value === null ? 'none' : String(value)}</output>
    </I18nextProvider>
  );
}

// What each language says for each refusal (the field's 2-decimal price rules).
const refusals = {
  en: { ambiguous: /can be read two ways/, invalid: /Not a number/, negative: /cannot be negative/, decimals: /At most 2 decimals/ },
  fr: { ambiguous: /deux façons/, invalid: /pas un nombre/, negative: /pas être négatif/, decimals: /2 décimales au maximum/ },
  de: { ambiguous: /zweifach lesen/, invalid: /Keine Zahl/, negative: /nicht negativ/, decimals: /Höchstens 2 Nachkommastellen/ },
  es: { ambiguous: /dos maneras/, invalid: /No es un número/, negative: /no puede ser negativo/, decimals: /Como máximo 2 decimales/ },
} as const;

describe.each(Object.keys(refusals) as Array<keyof typeof refusals>)('DecimalField in %s', (lng) => {
  const says = refusals[lng];
  it.each([
    ['3,10', 3.1],
    ['3.10', 3.1],
    ['1 234,5', 1234.5],
  ])('reads %s as %s', async (typed, expected) => {
    const onValue = vi.fn();
    render(<Harness lng={lng} onValue={onValue} />);
    const input = screen.getByLabelText('Amount');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    await userEvent.type(input, typed);
    await userEvent.tab();
    expect(screen.getByTestId('value')).toHaveTextContent(String(expected));
    expect(onValue).toHaveBeenLastCalledWith(expected, null);
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it.each([
    ['1,2,3', 'ambiguous'],
    ['abc', 'invalid'],
    ['-1', 'negative'],
    ['0,001', 'decimals'],
  ] as const)('refuses %s with a message', async (typed, why) => {
    const onValue = vi.fn();
    render(<Harness lng={lng} onValue={onValue} />);
    const input = screen.getByLabelText('Amount');
    await userEvent.type(input, typed);
    await userEvent.tab();
    expect(screen.getByTestId('value')).toHaveTextContent('none');
    expect(onValue).toHaveBeenLastCalledWith(null, expect.any(String));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(says[why]);
  });

  it("pre-fills and reformats in the reader's way", async () => {
    render(<Harness lng={lng} value={0.64} minDecimals={2} />);
    const input = screen.getByLabelText('Amount');
    const mark = lng === 'en' ? '.' : ',';
    expect(input).toHaveValue(`0${mark}64`);
    await userEvent.clear(input);
    await userEvent.type(input, '2.5');
    await userEvent.tab();
    expect(input).toHaveValue(`2${mark}50`);
  });
});

describe('DecimalField bounds and commits', () => {
  it('keeps the bounds a field gives and commits once per change', async () => {
    const onCommit = vi.fn();
    render(
      <I18nextProvider i18n={initI18n('fr')}>
        <DecimalField aria-label="Remise" value={5} min={0} max={100} onCommit={onCommit} data-testid="d" />
      </I18nextProvider>,
    );
    const input = screen.getByLabelText('Remise');
    await userEvent.clear(input);
    await userEvent.type(input, '150{Enter}');
    expect(onCommit).not.toHaveBeenCalled();
    expect(screen.getByTestId('d-problem')).toHaveTextContent('Au plus 100');
    await userEvent.clear(input);
    await userEvent.type(input, '12,5{Enter}');
    await userEvent.tab();
    expect(onCommit).toHaveBeenCalledExactlyOnceWith(12.5);
  });

  it('counts are whole numbers', async () => {
    render(
      <I18nextProvider i18n={initI18n('en')}>
        <DecimalField aria-label="Pallets" value={null} maxDecimals={0} data-testid="p" />
      </I18nextProvider>,
    );
    const input = screen.getByLabelText('Pallets');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(input, '1,5');
    await userEvent.tab();
    expect(screen.getByTestId('p-problem')).toHaveTextContent('Whole numbers only.');
  });
});
