import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { CAROUSEL_INTERVAL_MS } from '@primeur/shared';
import { Providers } from '../app/Providers';
import { initI18n } from '../lib/i18n';
import { PhotoCarousel } from './PhotoCarousel';

const show = (photos: string[], lng = 'en') =>
  render(
    <Providers i18n={initI18n(lng)}>
      <PhotoCarousel productId={7} photos={JSON.stringify(photos)} alt="Lemons" />
    </Providers>,
  );

const current = (container: HTMLElement) => container.querySelector('.carousel-indicators [aria-current="true"]')?.getAttribute('aria-label');
const activeAlt = (container: HTMLElement) => container.querySelector('.carousel-item.active img')?.getAttribute('alt');

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a lot’s photos (decision 948: the slide is not run end to end, its turning is checked here)', () => {
  it('turns to the next photo after CAROUSEL_INTERVAL_MS, and not before', async () => {
    vi.useFakeTimers();
    // The carousel turns only in a shown page; jsdom's document says it is hidden.
    vi.spyOn(Document.prototype, 'hidden', 'get').mockReturnValue(false);
    const { container } = show(['a.jpg', 'b.jpg', 'c.jpg']);
    expect(activeAlt(container)).toBe('Lemons (1/3)');
    await act(async () => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS - 100));
    expect(current(container)).toBe('Photo 1 of 3');
    // The interval, then the slide's own duration.
    // The slide starts: its indicator says which photo is shown (jsdom runs no CSS transition to its end).
    await act(async () => vi.advanceTimersByTime(100));
    expect(current(container)).toBe('Photo 2 of 3');
  });

  it('names its controls and slides in the reader’s language', () => {
    show(['a.jpg', 'b.jpg'], 'fr');
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)).toEqual(
      expect.arrayContaining([expect.stringMatching(/1.*2/), expect.stringMatching(/2.*2/)]),
    );
  });

  it('shows one photo without a carousel, and none as a frame that says so, in the reader’s language', () => {
    const one = show(['only.png']);
    expect(one.container.querySelector('.carousel')).toBeNull();
    expect(one.container.querySelector('img')?.getAttribute('src')).toBe('/product-images/7/only-480.png');
    one.unmount();
    const none = show([]);
    expect(none.container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('no-photo')).toHaveTextContent('No photo');
    none.unmount();
    show([], 'de');
    expect(screen.getByTestId('no-photo')).toHaveTextContent('Kein Foto');
  });
});
