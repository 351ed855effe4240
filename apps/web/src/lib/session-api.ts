import type { Authority, Credentials, Registration, UserInfo } from '@primeur/shared';
import { api } from './api';

export const fetchIsLoggedIn = () => api.get<[Authority[]]>('/api/users/isLoggedIn');
export const fetchUserInfos = () => api.get<UserInfo>('/api/users/userInfos');
export const postLogin = (credentials: Credentials) => api.post<{ message: string }>('/auth/login', credentials);
export const getLogout = () => api.get<{ message: string }>('/auth/logout');
export const postRegister = (payload: Registration) => api.post<{ userId: number }>('/auth/register', payload);
