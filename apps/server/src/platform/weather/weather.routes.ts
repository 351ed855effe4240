import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, weatherResponse } from '@primeur/shared';
import { WeatherService } from './weather.service.js';

export const weatherRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new WeatherService(app.deps.config.weather);
  // Admin only: the widget lives on the administrator dashboard, and every call may cost an upstream request.
  app.get(
    '/api/weather',
    { config: { access: 'admin' }, schema: { tags: ['weather'], response: { 200: weatherResponse, 503: errorBody } } },
    async (_req, reply) => {
      reply.header('cache-control', 'private, max-age=600');
      return service.forecast();
    },
  );
};
