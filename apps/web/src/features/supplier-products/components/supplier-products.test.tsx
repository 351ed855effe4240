import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EditableField } from './EditableField';
import { telUrl, whatsappUrl } from './ContactLinks';

describe('contact links', () => {
  it('open a WhatsApp chat and a phone call by number', () => {
    expect(whatsappUrl('+34 950 12-34-56')).toBe('https://wa.me/34950123456');
    expect(telUrl('+34 950 12 34 56')).toBe('tel:+34950123456');
  });
});

describe('EditableField', () => {
  it('saves on blur, and not again when nothing changed', async () => {
    const save = vi.fn().mockResolvedValue(undefined);
    render(<EditableField label="Price" value="1.5" kind="decimal" save={save} />);
    const input = screen.getByLabelText('Price');
    await userEvent.clear(input);
    await userEvent.type(input, '2.25');
    await userEvent.tab();
    expect(save).toHaveBeenCalledExactlyOnceWith('2.25');
    await userEvent.click(input);
    await userEvent.tab();
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('saves on Enter', async () => {
    const save = vi.fn().mockResolvedValue(undefined);
    render(<EditableField label="Caliber" value="1" save={save} />);
    await userEvent.type(screen.getByLabelText('Caliber'), 'X{Enter}');
    expect(save).toHaveBeenCalledWith('1X');
  });

  it('puts the old value back when the server refuses, and sends nothing for an empty or refused field', async () => {
    const save = vi.fn().mockRejectedValue(new Error('400'));
    render(<EditableField label="Volume" value="3" kind="decimal" save={save} />);
    const input = screen.getByLabelText('Volume');
    await userEvent.clear(input);
    await userEvent.type(input, '-1{Enter}');
    expect(save).not.toHaveBeenCalled();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(input);
    await userEvent.type(input, '5{Enter}');
    expect(save).toHaveBeenCalledExactlyOnceWith('5');
    await waitFor(() => expect(input).toHaveValue('3'));
    await userEvent.clear(input);
    await userEvent.tab();
    expect(save).toHaveBeenCalledTimes(1);
    expect(input).toHaveValue('3');
  });

  it('reads a decimal comma and saves a plain number', async () => {
    const save = vi.fn().mockResolvedValue(undefined);
    render(<EditableField label="Price" value="1.5" kind="decimal" step={0.001} save={save} />);
    const input = screen.getByLabelText('Price');
    expect(input).toHaveAttribute('type', 'text');
    await userEvent.clear(input);
    await userEvent.type(input, '1,25{Enter}');
    expect(save).toHaveBeenCalledExactlyOnceWith('1.25');
  });
});
