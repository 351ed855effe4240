import type { CompanyLegal, UserCard, UserInfo } from '@primeur/shared';
import type { UserWithPlace } from './users.repository.js';

export function presentUserInfo({ user, city, country }: UserWithPlace): UserInfo {
  return {
    userId: user.id,
    username: user.email,
    companyName: user.companyName,
    category: user.category,
    address: user.address,
    postalCode: user.postalCode,
    city: city && city.id !== null ? { id: city.id, name: city.name } : null,
    country: country && country.id !== null ? country : null,
    globalGapNumber: user.globalGapNumber,
    vatId: user.vatId,
    ...presentLegal(user),
  };
}

export function presentLegal(user: Pick<UserWithPlace['user'], 'registrationId' | 'legalForm' | 'shareCapital' | 'registryCity'>): CompanyLegal {
  return {
    registrationId: user.registrationId,
    legalForm: user.legalForm,
    shareCapital: user.shareCapital === null ? null : Number(user.shareCapital),
    registryCity: user.registryCity,
  };
}

const CARD_CATEGORY = { client: 'buyer', supplier: 'supplier', admin: 'admin' } as const;

export function presentUserCard({ user, city, country }: UserWithPlace): UserCard {
  return {
    userId: user.id,
    companyName: user.companyName,
    category: CARD_CATEGORY[user.category],
    username: user.email,
    address: user.address,
    city: city && city.id !== null ? { name: city.name } : null,
    postalCode: user.postalCode,
    country: country && country.id !== null ? { name: country.name, alpha2: country.alpha2 } : null,
    vatId: user.vatId,
    ...presentLegal(user),
    status: user.active,
    createdAt: user.createdAt.toISOString(),
  };
}
