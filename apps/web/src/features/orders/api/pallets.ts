import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderPallets, ShippingSettings } from '@primeur/shared';
import { api } from '../../../lib/api';

const palletsKey = (orderId: number) => ['orders', orderId, 'pallets'] as const;

/** GET /api/users/orders/{id}/pallets: the despatch advice (empty before shipping). */
export const usePallets = (orderId: number, enabled: boolean) =>
  useQuery({ queryKey: palletsKey(orderId), queryFn: () => api.get<OrderPallets>(`/api/users/orders/${orderId}/pallets`), enabled, retry: false });

/** POST …/pallets/receive (buyer): a pallet scanned or typed at the dock. */
export function useReceivePallet(orderId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<OrderPallets>(`/api/users/orders/${orderId}/pallets/receive`, { code }),
    onSuccess: (data) => qc.setQueryData(palletsKey(orderId), data),
  });
}

export const palletLabelsUrl = (orderId: number, lng: string) => `/api/users/orders/${orderId}/pallet-labels.pdf?lang=${encodeURIComponent(lng)}`;
export const palletsCsvUrl = (orderId: number) => `/api/users/orders/${orderId}/pallets.csv`;

const settingsKey = ['users', 'shipping-settings'] as const;

/** GET/PUT /api/users/shipping-settings (seller): the GS1 company prefix its SSCCs are built from. */
export const useShippingSettings = (enabled: boolean) =>
  useQuery({ queryKey: settingsKey, queryFn: () => api.get<ShippingSettings>('/api/users/shipping-settings'), enabled });

export function useSaveShippingSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (gs1CompanyPrefix: string) => api.put<ShippingSettings>('/api/users/shipping-settings', { gs1CompanyPrefix }),
    onSuccess: (data) => qc.setQueryData(settingsKey, data),
  });
}
