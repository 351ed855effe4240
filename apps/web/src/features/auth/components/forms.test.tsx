import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../../test/render';
import { LoginPage } from './LoginPage';
import { RegisterPage } from './RegisterPage';

describe('login form validation', () => {
  it('shows the English texts of spec §5 on an empty submit', async () => {
    renderPage(<LoginPage />, { lng: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
  });

  it('shows the invalid address and minimum length texts, and re-validates on change', async () => {
    renderPage(<LoginPage />, { lng: 'en' });
    await userEvent.type(await screen.findByLabelText('Email'), 'not-an-address');
    await userEvent.type(screen.getByLabelText('Password'), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('8 characters minimum')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('minlength', '4');
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'buyer@example.com');
    await waitFor(() => expect(screen.queryByText('Invalid email address')).not.toBeInTheDocument());
  });

  it('shows the French texts in French', async () => {
    renderPage(<LoginPage />, { lng: 'fr' });
    await userEvent.click(await screen.findByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Veuillez saisir votre adresse e-mail.')).toBeInTheDocument();
    expect(screen.getByText('Veuillez saisir votre mot de passe.')).toBeInTheDocument();
  });

  it('shows the spec alert when the server refuses the credentials', async () => {
    renderPage(<LoginPage />, { lng: 'en' });
    await userEvent.type(await screen.findByLabelText('Email'), 'buyer@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('An error occurred !')).toBeInTheDocument();
    expect(screen.getByText('Please try again. If this error persists, contact us.')).toBeInTheDocument();
  });
});

describe('registration form validation', () => {
  it('shows the texts of spec §5 in English', async () => {
    renderPage(<RegisterPage />, { lng: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Register' }));
    for (const text of [
      'Please enter your company name.',
      'Please select a category',
      'Please accept the terms.',
      'Please select your country.',
      'Please select a city.',
      "Please enter your company's VAT number.",
      'Please enter your email address.',
      'Please enter your password.',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
  });

  it('shows the same rules in German', async () => {
    renderPage(<RegisterPage />, { lng: 'de' });
    await userEvent.click(await screen.findByRole('button', { name: 'Registrieren' }));
    expect(await screen.findByText('Bitte geben Sie Ihren Firmennamen ein.')).toBeInTheDocument();
    expect(screen.getByText('Bitte akzeptieren Sie die Bedingungen.')).toBeInTheDocument();
    expect(screen.getByText('Bitte wählen Sie Ihr Land.')).toBeInTheDocument();
  });

  it('accepts an empty GLOBALG.A.P. number (not validated)', async () => {
    renderPage(<RegisterPage />, { lng: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Register' }));
    await screen.findByText('Please enter your company name.');
    expect(screen.getByLabelText(/GLOBALG\.A\.P\. number/)).not.toHaveClass('is-invalid');
  });
});
