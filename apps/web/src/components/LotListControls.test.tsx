import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook, screen } from '@testing-library/react';
import { renderPage } from '../test/render';
import { LotListFilters, lotListExtras, useLotView } from './LotListControls';

afterEach(() => window.localStorage.clear());

describe('lot list controls', () => {
  it('keeps only the sorts, classes and certificate ids the server takes', () => {
    expect(lotListExtras({ sort: '-price', qualityClass: 'EXTRA', certificate: '3' })).toEqual({ sort: '-price', qualityClass: 'EXTRA', certificate: 3 });
    expect(lotListExtras({ sort: 'cheapest', qualityClass: 'III', certificate: '1e3' })).toEqual({
      sort: undefined,
      qualityClass: undefined,
      certificate: undefined,
    });
    expect(lotListExtras({ sort: '', qualityClass: '', certificate: '-2' })).toEqual({ sort: undefined, qualityClass: undefined, certificate: undefined });
  });

  it('remembers cards or table per user', () => {
    const first = renderHook(({ id }) => useLotView(id), { initialProps: { id: 7 as number | undefined } });
    expect(first.result.current[0]).toBe('cards');
    act(() => first.result.current[1]('table'));
    expect(first.result.current[0]).toBe('table');
    // Another user on the same browser has its own choice; the first finds its own again.
    first.rerender({ id: 8 });
    expect(first.result.current[0]).toBe('cards');
    const again = renderHook(() => useLotView(7));
    expect(again.result.current[0]).toBe('table');
  });

  it('gives each filter the whole width of a phone, so "Todas las categorías" is never cut', async () => {
    renderPage(
      <LotListFilters idPrefix="t" filters={{ sort: '', qualityClass: '', certificate: '' }} setFilters={() => {}} certificates={[['1', 'GLOBALG.A.P.']]} />,
      { lng: 'es' },
    );
    expect(await screen.findByRole('option', { name: 'Todas las categorías' })).toBeInTheDocument();
    for (const id of ['t-sort', 't-class', 't-certificate']) expect(document.getElementById(id)!.parentElement).toHaveClass('col-12');
  });

  it('gives the sort, class and certificate a half row from sm, a third from md, a quarter from lg: room for "Standardreihenfolge" (decision 954)', async () => {
    renderPage(
      <LotListFilters idPrefix="t" filters={{ sort: '', qualityClass: '', certificate: '' }} setFilters={() => {}} certificates={[['1', 'GLOBALG.A.P.']]} />,
      { lng: 'de' },
    );
    expect(await screen.findByRole('option', { name: 'Standardreihenfolge' })).toBeInTheDocument();
    for (const id of ['t-sort', 't-class', 't-certificate']) expect(document.getElementById(id)!.parentElement).toHaveClass('col-sm-6', 'col-md-4', 'col-lg-3');
  });
});
