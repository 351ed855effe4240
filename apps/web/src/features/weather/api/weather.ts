import { useQuery } from '@tanstack/react-query';
import type { WeatherResponse } from '@primeur/shared';
import { api } from '../../../lib/api';

export const fetchWeather = () => api.get<WeatherResponse>('/api/weather');

/** The server caches the forecast for an hour; refreshing more often would only re-read its cache. */
export const weatherQuery = { queryKey: ['weather'], queryFn: fetchWeather, staleTime: 30 * 60_000, retry: 1 };

export const useWeather = () => useQuery(weatherQuery);
