import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiToken, CreateApiTokenInput, CreatedApiToken } from '@primeur/shared';
import { api } from '../../../lib/api';

export const apiTokensKey = ['users', 'api-tokens'] as const;

/** `GET /api/users/api-tokens`: the company's live tokens, never their secrets. */
export const fetchApiTokens = () => api.get<ApiToken[]>('/api/users/api-tokens');
export const useApiTokens = () => useQuery({ queryKey: apiTokensKey, queryFn: fetchApiTokens });

/**
 * `POST /api/users/api-tokens`: the answer holds the secret, shown once. Called directly rather than
 * through a mutation, so that the secret is kept by the screen that shows it and in no cache.
 */
export const postApiToken = (input: CreateApiTokenInput) => api.post<CreatedApiToken>('/api/users/api-tokens', input);

/** `DELETE /api/users/api-tokens/{id}`: revoked at once for every system using it. */
export const deleteApiToken = (id: number) => api.delete<void>(`/api/users/api-tokens/${id}`);

export function useRevokeApiToken() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: deleteApiToken, onSettled: () => qc.invalidateQueries({ queryKey: apiTokensKey }) });
}
