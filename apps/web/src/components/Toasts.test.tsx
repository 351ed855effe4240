import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Providers } from '../app/Providers';
import { initI18n } from '../lib/i18n';
import { useToast, type ToastKind } from './Toasts';

function Buttons({ kind, message }: { kind: ToastKind; message?: string }) {
  const toast = useToast();
  return (
    <>
      <button onClick={() => toast.show(kind, message ? { message } : undefined)}>same</button>
      <button onClick={() => toast.show(kind, { message: 'Another text' })}>other</button>
    </>
  );
}

function renderToasts(kind: ToastKind, lng = 'en', message?: string) {
  render(
    <Providers i18n={initI18n(lng)}>
      <Buttons kind={kind} message={message} />
    </Providers>,
  );
}

describe('toasts', () => {
  it('shows two identical toasts once', async () => {
    const user = userEvent.setup();
    renderToasts('dataModifiedError', 'fr');
    await user.click(screen.getByRole('button', { name: 'same' }));
    await user.click(screen.getByRole('button', { name: 'same' }));
    expect(screen.getAllByTestId('toast-dataModifiedError')).toHaveLength(1);
    expect(screen.getAllByText('Erreur lors de la modification !')).toHaveLength(1);
  });

  it('shows two identical toasts with their own text once, and a different text beside them', async () => {
    const user = userEvent.setup();
    renderToasts('success', 'en', 'Lot saved.');
    await user.click(screen.getByRole('button', { name: 'same' }));
    await user.click(screen.getByRole('button', { name: 'same' }));
    expect(screen.getAllByText('Lot saved.')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'other' }));
    expect(screen.getAllByTestId('toast-success')).toHaveLength(2);
  });
});
