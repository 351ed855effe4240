import type { ChangePassword, ChangeUserInfos, UserInfo } from '@primeur/shared';
import { api } from '../../../lib/api';

export const postChangeUserInfos = (payload: ChangeUserInfos) => api.post<UserInfo>('/api/users/changeUserInfos', payload);
export const postChangePassword = (payload: ChangePassword) => api.post<{ message: string }>('/api/users/changePassword', payload);
