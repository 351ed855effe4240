import { describe, expect, it } from 'vitest';
import { reconcilePrices, type VariantPrices } from './pricing.js';

const base: VariantPrices = { weightPiece: 0.2, nbPiece: 50, priceKg: 1.5, priceColis: 15, pricePiece: 0.3 };

describe('reconcilePrices', () => {
  it('derives box and piece prices from a new price per kg when the weight is known', () => {
    expect(reconcilePrices(base, 'priceKg', 2)).toEqual({ ...base, priceKg: 2, priceColis: 20, pricePiece: 0.4 });
  });

  it('derives the price per kg and per piece from a box price', () => {
    expect(reconcilePrices(base, 'priceColis', 12.5)).toEqual({ ...base, priceColis: 12.5, priceKg: 1.25, pricePiece: 0.25 });
  });

  it('derives the price per kg and per box from a piece price, rounded to 3 decimals', () => {
    expect(reconcilePrices(base, 'pricePiece', 0.333)).toEqual({ ...base, pricePiece: 0.333, priceKg: 1.665, priceColis: 16.65 });
  });

  it('keeps the price per kg when the weight or the piece count changes', () => {
    expect(reconcilePrices(base, 'nbPiece', 40)).toEqual({ ...base, nbPiece: 40, priceColis: 12, pricePiece: 0.3 });
    expect(reconcilePrices(base, 'weightPiece', 0.25)).toEqual({ ...base, weightPiece: 0.25, priceColis: 18.75, pricePiece: 0.375 });
  });

  it('leaves the other prices alone while the weight is unknown', () => {
    const unknown = { ...base, weightPiece: null };
    expect(reconcilePrices(unknown, 'priceKg', 9)).toEqual({ ...unknown, priceKg: 9 });
    expect(reconcilePrices({ ...base, weightPiece: 0 }, 'priceColis', 7)).toEqual({ ...base, weightPiece: 0, priceColis: 7 });
  });
});
