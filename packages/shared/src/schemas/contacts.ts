import { z } from 'zod';
import { dbId, multilineText, SIMPLE_EMAIL_PATTERN, text } from './common.js';

/** The phone input keeps this many earlier values for undo (spec §3). */
export const PHONE_HISTORY_SIZE = 20;

/** A contact of a supplier or a client; phone in E.164 (+33142685300). */
export const contact = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  note: z.string().nullable(),
  supplierId: z.number().int().nullable(),
  clientId: z.number().int().nullable(),
});
export type Contact = z.infer<typeof contact>;

/** Messages are keys the web translates (spec §5: 'Prénom invalide.', 'Nom invalide.', 'Téléphone invalide.'). */
const contactFields = {
  firstName: text().trim().min(1, 'firstNameInvalid').max(100),
  lastName: text().trim().min(1, 'lastNameInvalid').max(100),
  email: text().trim().min(1, 'emailRequired').max(254).regex(SIMPLE_EMAIL_PATTERN, 'emailInvalid'),
  /** Any form a person types; the server turns it into E.164 or refuses it. */
  phone: text().trim().min(1, 'phoneInvalid').max(40),
  note: multilineText().trim().max(2000).nullish(),
};

/** POST /api/intern/contact/add: the contact and exactly one owner. */
export const addContact = z
  .object({
    ...contactFields,
    supplierId: dbId.nullish(),
    clientId: dbId.nullish(),
  })
  .refine((c) => (c.supplierId ? 1 : 0) + (c.clientId ? 1 : 0) === 1, { message: 'exactlyOneOwner', path: ['supplierId'] });
export type AddContact = z.input<typeof addContact>;

/** PUT /api/intern/contact/modify: the edited contact; its owner never changes (owner ids sent are ignored). */
export const modifyContact = z.object({ id: dbId, ...contactFields });
export type ModifyContact = z.input<typeof modifyContact>;
