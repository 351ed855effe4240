import { z } from 'zod';
import { dbId } from './common.js';
import { article } from './catalog.js';

/** The product of a link, as spec §3 gives it (code, family, subfamily, article, id) plus translated names: a catalog article. */
export const linkedProduct = article;

/** "Supplier product link" of spec §3 (the same shape serves clients). */
export const productLink = z.object({ id: z.number().int(), product: linkedProduct });
export type ProductLink = z.infer<typeof productLink>;

/** GET /api/intern/userProduct/get/{id}: one link with its owner. */
export const productLinkWithOwner = productLink.extend({
  supplierId: z.number().int().nullable(),
  clientId: z.number().int().nullable(),
});
export type ProductLinkWithOwner = z.infer<typeof productLinkWithOwner>;

export const OWNER_KINDS = ['supplier', 'client'] as const;
export type OwnerKind = (typeof OWNER_KINDS)[number];

/** POST /api/intern/userProduct/user/products/add: several articles for one owner, all or nothing. */
export const addProducts = z
  .object({
    supplierId: dbId.nullish(),
    clientId: dbId.nullish(),
    productIds: z
      .array(dbId)
      .min(1, 'selectProduct')
      .max(500)
      .refine((ids) => new Set(ids).size === ids.length, 'duplicate'),
  })
  .refine((c) => (c.supplierId ? 1 : 0) + (c.clientId ? 1 : 0) === 1, { message: 'exactlyOneOwner', path: ['supplierId'] });
export type AddProducts = z.input<typeof addProducts>;
