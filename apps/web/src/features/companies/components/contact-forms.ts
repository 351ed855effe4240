import { z } from 'zod';
import { SIMPLE_EMAIL_PATTERN } from '@primeur/shared';
import { toE164, type PhoneValue } from './PhoneInput';

const phone = (emptyKey: string) =>
  z.custom<PhoneValue>().superRefine((v, ctx) => {
    if (!v.national.trim()) ctx.addIssue({ code: 'custom', message: emptyKey });
    else if (!toE164(v)) ctx.addIssue({ code: 'custom', message: 'validation.phoneInvalid' });
  });

/** Add-contact rules of spec §5 ('Prénom invalide.', 'Nom invalide.', 'Téléphone invalide.'); messages are keys. */
export const addContactForm = z.object({
  firstName: z.string().trim().min(1, 'validation.firstNameInvalid').max(100, 'validation.tooLong'),
  lastName: z.string().trim().min(1, 'validation.lastNameInvalid').max(100, 'validation.tooLong'),
  email: z.string().trim().regex(SIMPLE_EMAIL_PATTERN, 'validation.emailInvalid'),
  phone: phone('validation.phoneInvalid'),
  note: z.string().trim().max(2000, 'validation.tooLong'),
});

/** Edit-contact rules of spec §5 ('Prénom requis.', 'Nom requis.', 'Téléphone requis.', 'Email requis.'). */
export const editContactForm = z.object({
  firstName: z.string().trim().min(1, 'validation.firstNameRequired').max(100, 'validation.tooLong'),
  lastName: z.string().trim().min(1, 'validation.lastNameRequired').max(100, 'validation.tooLong'),
  email: z.string().trim().min(1, 'validation.emailRequired').regex(SIMPLE_EMAIL_PATTERN, 'validation.emailInvalid'),
  phone: phone('validation.phoneRequired'),
  note: z.string().trim().max(2000, 'validation.tooLong'),
});

export type ContactForm = z.input<typeof addContactForm>;

/** A valid form's values as the contact API takes them: the phone in E.164, an empty note as none. */
export const contactFields = (v: ContactForm) => ({
  firstName: v.firstName,
  lastName: v.lastName,
  email: v.email,
  phone: toE164(v.phone)!,
  note: v.note || null,
});
