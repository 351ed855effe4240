import { useQuery } from '@tanstack/react-query';
import type { JobStatus } from '@primeur/shared';
import { api } from '../../../lib/api';

/** `GET /api/admin/jobs`: background jobs and their last run across instances. */
export const jobsKey = ['admin', 'jobs'] as const;
export const fetchJobs = () => api.get<JobStatus[]>('/api/admin/jobs');
export const useJobs = () => useQuery({ queryKey: jobsKey, queryFn: fetchJobs, refetchInterval: 30_000 });
