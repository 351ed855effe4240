import { describe, expect, it } from 'vitest';
import {
  auctionResultOf,
  AUCTION_DURATION_MS,
  AUCTIONS_SUMMARY_TOPIC,
  BID_INCREMENTS,
  MAX_BID_CENTS,
  SOFT_CLOSE_MAX_EXTENSION_MS,
  SOFT_CLOSE_WINDOW_MS,
  auctionPhase,
  bidAmountCents,
  bidIncrementCents,
  nextMinimumCents,
  offersTopic,
  offersTopicProductId,
  originalEndMs,
  softCloseEndMs,
} from './rules.js';

describe('increment table', () => {
  it.each([
    [0, 1],
    [1, 1],
    [99, 1],
    [100, 2],
    [101, 2],
    [499, 2],
    [500, 5],
    [501, 5],
    [MAX_BID_CENTS, 5],
  ])('highest %i cents → step %i', (highest, step) => {
    expect(bidIncrementCents(highest)).toBe(step);
  });

  it('bands are increasing and the last is open-ended', () => {
    for (let i = 1; i < BID_INCREMENTS.length; i++) expect(BID_INCREMENTS[i]!.belowCents).toBeGreaterThan(BID_INCREMENTS[i - 1]!.belowCents);
    expect(BID_INCREMENTS.at(-1)!.belowCents).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('next minimum', () => {
  it.each<[number, number | null, number]>([
    [64, null, 64], // no offer: the starting price
    [64, 64, 65],
    [64, 98, 99],
    [64, 99, 100], // the band of the highest decides: 0,99 + 0,01
    [64, 100, 102], // 1,00 is in the 1–5 band
    [64, 498, 500],
    [64, 499, 501],
    [64, 500, 505],
    [64, 995, 1000],
    [300, 120, 300], // never below the starting price
  ])('start %i, highest %s → %i', (start, highest, min) => {
    expect(nextMinimumCents(start, highest)).toBe(min);
  });
});

describe('phase', () => {
  const startsAt = '2026-01-01T00:00:00.000Z';
  const s = Date.parse(startsAt);
  const endsAt = new Date(s + AUCTION_DURATION_MS);
  it.each<[number, string]>([
    [s - 1, 'not_started'],
    [s, 'open'],
    [s + AUCTION_DURATION_MS - 1, 'open'],
    [s + AUCTION_DURATION_MS, 'ended'],
  ])('at %i → %s', (now, phase) => {
    expect(auctionPhase({ startsAt, endsAt }, now)).toBe(phase);
    expect(auctionPhase({ startsAt: s, endsAt: endsAt.toISOString() }, now)).toBe(phase);
  });
  it('reads the current end, not the original', () => {
    const moved = s + AUCTION_DURATION_MS + 60_000;
    expect(auctionPhase({ startsAt, endsAt: moved }, s + AUCTION_DURATION_MS + 1)).toBe('open');
  });
});

describe('soft close', () => {
  const startsAt = Date.parse('2026-01-01T00:00:00.000Z');
  const end = originalEndMs(startsAt);
  const cap = end + SOFT_CLOSE_MAX_EXTENSION_MS;
  it('original end = start + 3 days', () => expect(end).toBe(startsAt + 3 * 24 * 3600 * 1000));
  it.each<[string, number, number, number]>([
    ['outside the window: no change', end, end - SOFT_CLOSE_WINDOW_MS - 1, end],
    ['at the window edge: bid + 2 min', end, end - SOFT_CLOSE_WINDOW_MS, end],
    ['inside the window: bid + 2 min', end, end - 30_000, end + 90_000],
    ['already extended, inside again', end + 60_000, end + 59_000, end + 179_000],
    ['near the cap: capped', cap - 10_000, cap - 11_000, cap],
    ['at the cap: stays', cap, cap - 1, cap],
  ])('%s', (_label, current, bidAt, expected) => {
    expect(softCloseEndMs(current, bidAt, startsAt)).toBe(expected);
  });
  it('accepts ISO strings and dates for the start', () => {
    expect(softCloseEndMs(end, end - 1000, new Date(startsAt).toISOString())).toBe(end - 1000 + SOFT_CLOSE_WINDOW_MS);
    expect(softCloseEndMs(end, end - 1000, new Date(startsAt))).toBe(end - 1000 + SOFT_CLOSE_WINDOW_MS);
  });
});

describe('topics', () => {
  it('names', () => {
    expect(offersTopic(42)).toBe('/topic/offers/42');
    expect(AUCTIONS_SUMMARY_TOPIC).toBe('/topic/auctions');
  });

  it('reads the lot of an offers topic with the strict id rule (1…2^31−1)', () => {
    expect(offersTopicProductId(offersTopic(42))).toBe(42);
    expect(offersTopicProductId('/topic/offers/2147483647')).toBe(2_147_483_647);
    for (const bad of [
      '/topic/offers/2147483648',
      '/topic/offers/0',
      '/topic/offers/007',
      '/topic/offers/1e3',
      '/topic/offers/',
      '/topic/offers/1/x',
      '/topic/auctions',
    ]) {
      expect(offersTopicProductId(bad), bad).toBeNull();
    }
  });
});

describe('bid amounts', () => {
  it.each<[number, number | null]>([
    [3.1, 310],
    [0.01, 1],
    [1000, 100_000],
    [1000.01, null],
    [0.001, null],
    [3.105, null],
    [0, null],
    [-1, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [0.1 + 0.2, 30],
  ])('%s → %s', (v, c) => expect(bidAmountCents(v)).toBe(c));
});

describe('auction result', () => {
  it('says no bids, reserve not met (under the reserve by one cent) or sold (at or above it, or without a reserve)', () => {
    expect(auctionResultOf(null, null)).toBe('NO_BIDS');
    expect(auctionResultOf(null, 200)).toBe('NO_BIDS');
    expect(auctionResultOf(199, 200)).toBe('RESERVE_NOT_MET');
    expect(auctionResultOf(200, 200)).toBe('SOLD');
    expect(auctionResultOf(150, null)).toBe('SOLD');
  });
});
