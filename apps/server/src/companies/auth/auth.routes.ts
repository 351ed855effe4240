import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { credentials, errorBody, okMessage, passwordStrengthAnswer, passwordStrengthQuery, registration } from '@primeur/shared';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../../plugins/session.js';
import * as authService from './auth.service.js';
import { LoginLimiter } from './login-limiter.js';
import { DEVICE_COOKIE, DeviceCookies } from './device-cookie.js';
import * as usersService from '../users/users.service.js';
import { routeLimit } from '../../plugins/rate-limit.js';
import { passwordStrength } from '../../lib/password.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.deps;
  const db = database.db;
  const limiter = new LoginLimiter(db, config.loginLimits);
  const { signInDevices } = config;
  if (!signInDevices.secret) {
    app.log.warn('SIGN_IN_DEVICE_SECRET is unset: device cookies are signed with a random key of this instance and end at its restart');
  }
  const devices = new DeviceCookies(signInDevices.secret ?? randomBytes(32), signInDevices.maxAgeMs);

  app.post(
    '/auth/register',
    {
      config: { access: 'public', rateLimit: routeLimit(config, 'register') },
      schema: {
        tags: ['auth'],
        body: registration,
        response: { 201: z.object({ userId: z.number(), message: z.string() }), 400: errorBody, 409: errorBody },
      },
    },
    async (req, reply) => {
      const user = await authService.register(db, req.body);
      return reply.status(201).send({ userId: user.id, message: 'Registered. An email will be sent once your information is validated.' });
    },
  );

  // The strength meter of the register and password forms: the server's own score, so the page
  // carries no dictionaries (decision 840). Public (the register page), limited per user or address.
  app.post(
    '/auth/password-strength',
    {
      config: { access: 'public', rateLimit: routeLimit(config, 'passwordStrength') },
      schema: {
        tags: ['auth'],
        body: passwordStrengthQuery,
        response: { 200: passwordStrengthAnswer, 400: errorBody, 429: errorBody },
      },
    },
    async (req) => passwordStrength(req.body.password, req.body.userInputs),
  );

  app.post(
    '/auth/login',
    {
      config: { access: 'public', rateLimit: routeLimit(config, 'login') },
      schema: {
        tags: ['auth'],
        body: credentials,
        response: { 200: okMessage, 401: errorBody, 403: errorBody, 429: errorBody },
      },
    },
    async (req, reply) => {
      // The warning mail is not awaited: the answer's timing must not tell whether the account exists.
      const warnOwner = (userId: number) =>
        void usersService.warnFailedSignIns(db, userId).catch((err: unknown) => req.log.error({ err }, 'failed sign-in warning not sent'));
      const presentedDevice = req.cookies[DEVICE_COOKIE];
      const device = devices.deviceFor(presentedDevice, req.body.email);
      const user = await authService.authenticate(db, limiter, req.body.email, req.body.password, req.ip, warnOwner, device);
      // Only on the /auth paths: the sign-in is the one place that reads it.
      reply.setCookie(DEVICE_COOKIE, devices.issue(presentedDevice, req.body.email), {
        path: '/auth',
        httpOnly: true,
        sameSite: 'strict',
        secure: config.cookieSecure === 'auto' ? req.protocol === 'https' : config.cookieSecure,
        maxAge: Math.floor(signInDevices.maxAgeMs / 1000),
      });
      // A new id at every sign-in; a session presented with the request is ended.
      const presented = req.cookies[SESSION_COOKIE];
      if (presented) await app.sessions.destroyToken(presented);
      const token = await app.sessions.create(user.id, req.headers['user-agent']);
      setSessionCookie(reply, req, token, config);
      return { message: 'Signed in.' };
    },
  );

  app.get('/auth/logout', { config: { access: 'public' }, schema: { tags: ['auth'], response: { 200: okMessage } } }, async (req, reply) => {
    const presented = req.cookies[SESSION_COOKIE];
    if (presented) await app.sessions.destroyToken(presented);
    clearSessionCookie(reply);
    return { message: 'Signed out.' };
  });
};
