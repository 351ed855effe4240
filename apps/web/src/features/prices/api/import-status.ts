import { useQuery } from '@tanstack/react-query';
import type { PriceImportStatus } from '@primeur/shared';
import { api } from '../../../lib/api';

export const fetchImportStatus = () => api.get<PriceImportStatus>('/api/intern/prices/imports/status');

export const importStatusQuery = { queryKey: ['prices', 'imports', 'status'], queryFn: fetchImportStatus };

export const useImportStatus = () => useQuery(importStatusQuery);
