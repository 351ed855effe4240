import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, FEED_SCOPES, feedPage, feedQuery } from '@primeur/shared';
import * as feed from './feed.service.js';

/** The change feed of the caller's company (issue 34 §2): a session or an API token with a reading scope. */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  app.get(
    '/api/v1/events',
    {
      config: { access: ['buyer', 'supplier'], scope: FEED_SCOPES },
      schema: {
        tags: ['api'],
        summary: "The company's change feed: the events of its trade after a sequence number, oldest first",
        querystring: feedQuery,
        response: { 200: feedPage, 400: errorBody },
      },
    },
    async (req, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return feed.page(db, req.user!, req.query);
    },
  );
};
