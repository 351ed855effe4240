import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedWebhook,
  CreateWebhookInput,
  ReplayedWebhook,
  RotatedWebhookSecret,
  UpdateWebhookInput,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookEndpoint,
} from '@primeur/shared';
import { api } from '../../../lib/api';

/** The company's webhook endpoints and their delivery logs (decision 1012). */
export const webhooksKey = ['users', 'webhooks'] as const;
const URL = '/api/users/webhooks';

/** `GET /api/users/webhooks`: the endpoints, never their secrets. */
export const fetchWebhooks = () => api.get<WebhookEndpoint[]>(URL);
export const useWebhooks = () => useQuery({ queryKey: webhooksKey, queryFn: fetchWebhooks });

/**
 * `POST /api/users/webhooks` and `POST …/{id}/secret`: the answers hold a secret, shown once. Called
 * directly rather than through a mutation, so that the secret is kept by the screen that shows it only.
 */
export const postWebhook = (input: CreateWebhookInput) => api.post<CreatedWebhook>(URL, input);
export const rotateWebhookSecret = (id: number) => api.post<RotatedWebhookSecret>(`${URL}/${id}/secret`);

/** `PATCH /api/users/webhooks/{id}`: address, types, on or off. */
export function useUpdateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateWebhookInput }) => api.patch<WebhookEndpoint>(`${URL}/${id}`, input),
    onSettled: () => qc.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** `DELETE /api/users/webhooks/{id}`: the endpoint and its log. */
export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: number) => api.delete<void>(`${URL}/${id}`), onSettled: () => qc.invalidateQueries({ queryKey: webhooksKey }) });
}

const deliveriesKey = (id: number) => [...webhooksKey, id, 'deliveries'] as const;

/** `GET /api/users/webhooks/{id}/deliveries`: a page of the log, newest first, before a sequence. */
export const useWebhookDeliveries = (id: number, before: number | undefined) =>
  useQuery({
    queryKey: [...deliveriesKey(id), before ?? null],
    queryFn: () => api.get<WebhookDeliveryPage>(`${URL}/${id}/deliveries${before === undefined ? '' : `?before=${before}`}`),
  });

/** `POST …/deliveries/{deliveryId}/resend`: the same event again, under the same webhook-id. */
export function useResendDelivery(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: number) => api.post<WebhookDelivery>(`${URL}/${id}/deliveries/${deliveryId}/resend`),
    onSettled: () => qc.invalidateQueries({ queryKey: webhooksKey }),
  });
}

/** `POST …/{id}/replay`: every feed entry after `after`, again, in order. */
export function useReplayWebhook(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (after: number) => api.post<ReplayedWebhook>(`${URL}/${id}/replay`, { after }),
    onSettled: () => qc.invalidateQueries({ queryKey: webhooksKey }),
  });
}
