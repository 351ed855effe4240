/** Role ids as the spec's session authorities carry them (roleId 1 is admin). */
export const ROLE_IDS = { admin: 1, client: 2, supplier: 3 } as const;
export type Category = keyof typeof ROLE_IDS;
export const CATEGORIES = ['admin', 'client', 'supplier'] as const satisfies readonly Category[];
export const ROLE_NAMES: Record<Category, string> = { admin: 'ADMIN', client: 'CLIENT', supplier: 'SUPPLIER' };

/** Registration offers buyer and supplier only; a buyer is stored as the client category. */
export const REGISTRATION_CATEGORIES = ['buyer', 'supplier'] as const;
export type RegistrationCategory = (typeof REGISTRATION_CATEGORIES)[number];
export const categoryFromRegistration = (c: RegistrationCategory): Category => (c === 'buyer' ? 'client' : 'supplier');
