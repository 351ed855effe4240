import type { AddContact, Contact, ModifyContact } from '@primeur/shared';
import { api } from '../../../lib/api';
import { useCompanyRefresh } from './company-cache';
import type { CompanyKind } from './get-company-options';

/** POST /api/intern/contact/add, PUT …/modify, DELETE …/delete/{id}; each refreshes the company list. */
export const addContact = (body: AddContact) => api.post<Contact>('/api/intern/contact/add', body);
export const modifyContact = (body: ModifyContact) => api.put<Contact>('/api/intern/contact/modify', body);
export const deleteContact = (id: number) => api.delete<{ message: string }>(`/api/intern/contact/delete/${id}`);

export const useAddContact = (kind: CompanyKind) => useCompanyRefresh(kind, addContact);
export const useModifyContact = (kind: CompanyKind) => useCompanyRefresh(kind, modifyContact);
export const useDeleteContact = (kind: CompanyKind) => useCompanyRefresh(kind, deleteContact);
