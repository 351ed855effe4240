import { auctionSummaryMessage, type AuctionItem, type AuctionSummaryMessage } from '@primeur/shared';

/** Body of a /topic/auctions message: one per accepted offer (contract "Live messages"). */
export const auctionSummary = auctionSummaryMessage;
export type AuctionSummary = Pick<AuctionSummaryMessage, 'productId' | 'offerId' | 'highest'> & Partial<AuctionSummaryMessage>;

/** The list with one summary applied: the card's biggest offer and its (soft-closed) end; other cards untouched. */
export function applySummary(list: AuctionItem[] | undefined, s: AuctionSummary): AuctionItem[] | undefined {
  if (!list) return list;
  let changed = false;
  const next = list.map((item) => {
    if (item.product.productId !== s.productId) return item;
    const amount = item.amount === null || s.highest > item.amount ? s.highest : item.amount;
    const endsAt = s.endsAt && (!item.product.endsAt || Date.parse(s.endsAt) > Date.parse(item.product.endsAt)) ? s.endsAt : item.product.endsAt;
    if (amount === item.amount && endsAt === item.product.endsAt) return item;
    changed = true;
    return { ...item, amount, product: { ...item.product, endsAt } };
  });
  return changed ? next : list;
}
