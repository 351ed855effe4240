import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderPage } from '../../test/render';
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
});
