import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addContact, contact, errorBody, idParam, modifyContact, okMessage } from '@primeur/shared';
import * as contactsService from './contacts.service.js';

export const contactsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['contacts'];
  const admin = { access: 'admin' as const };

  app.post(
    '/api/intern/contact/add',
    { config: admin, schema: { tags, body: addContact, response: { 201: contact, 400: errorBody, 404: errorBody } } },
    async (req, reply) => reply.status(201).send(await contactsService.add(db, req.user, req.body)),
  );
  app.put(
    '/api/intern/contact/modify',
    { config: admin, schema: { tags, body: modifyContact, response: { 200: contact, 400: errorBody, 404: errorBody } } },
    async (req) => contactsService.modify(db, req.user, req.body),
  );
  app.delete(
    '/api/intern/contact/delete/:id',
    { config: admin, schema: { tags, params: idParam, response: { 200: okMessage, 404: errorBody } } },
    async (req) => {
      await contactsService.remove(db, req.user, req.params.id);
      return { message: 'Contact deleted.' };
    },
  );
  // Listing per owner (not shown by the spec; see docs/api/backoffice.md).
  for (const kind of ['supplier', 'client'] as const) {
    app.get(
      `/api/intern/contact/${kind}/:id`,
      { config: admin, schema: { tags, params: idParam, response: { 200: z.array(contact), 404: errorBody } } },
      async (req) => contactsService.listFor(db, kind, req.params.id),
    );
  }
};
