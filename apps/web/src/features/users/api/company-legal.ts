import type { CompanyLegalInput, UserCard } from '@primeur/shared';
import { api } from '../../../lib/api';

/** PUT /api/admin/user/:userId/legal: the back office corrects a company's legal facts (decision 968). */
export const putCompanyLegal = (userId: number, body: CompanyLegalInput) => api.put<UserCard>(`/api/admin/user/${userId}/legal`, body);
