import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createJsonSchemaTransformObject, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, type ErrorCode } from '@primeur/shared';
import { roleRefusalCode, SESSION_COOKIE, type Access, type RoleRefusal, type RouteScope } from './session.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's own error codes (beyond those its access rule and validation give), for the OpenAPI document. */
    errors?: readonly ErrorCode[];
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every code a route can answer: from its access rule, its validation, the Origin check, and its own list. */
export function routeErrorCodes(route: {
  method: string | string[];
  config?: { access?: Access; refusal?: RoleRefusal; errors?: readonly ErrorCode[]; scope?: RouteScope };
  schema?: { body?: unknown; params?: unknown; querystring?: unknown };
}): ErrorCode[] {
  // Every route refuses an API token in its address (decision 1008).
  const codes: ErrorCode[] = ['TOKEN_IN_URL'];
  const access = route.config?.access;
  if (route.schema?.body || route.schema?.params || route.schema?.querystring) codes.push('VALIDATION_FAILED');
  if (access && access !== 'public') codes.push('NOT_SIGNED_IN', 'TOKEN_INVALID', 'SCOPE_MISSING');
  if (route.config?.scope) codes.push('RATE_LIMITED');
  const refusal = access && roleRefusalCode(access);
  if (refusal) codes.push(route.config?.refusal?.code ?? refusal);
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.some((m) => STATE_CHANGING.has(m))) codes.push('CROSS_SITE_REQUEST');
  if (route.schema?.body) codes.push('UNSUPPORTED_MEDIA_TYPE');
  codes.push(...(route.config?.errors ?? []));
  return [...new Set(codes)];
}

/** One security requirement of an operation: a scheme of `components.securitySchemes` and its scopes. */
export type SecurityRequirement = Record<string, string[]>;

/** The schemes a caller can prove who they are with: the session cookie set by sign-in, or a company's API token. */
const SECURITY_SCHEMES = {
  session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
  apiToken: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'prm_ followed by 43 base62 characters',
    description:
      'A company API token (decision 1008), created on /user/profil → API. Accepted only on the operations that list it, with one of the scopes in their `x-api-token-scopes`; never in the query string.',
  },
} as const;

/** The scopes of a route's `config.scope` as a list (any one of them lets a token in). */
export const scopesOf = (scope: RouteScope | undefined): string[] => (scope === undefined ? [] : typeof scope === 'string' ? [scope] : [...scope]);

/**
 * What an operation requires, from the route's access rule: nothing on a public route (an empty list,
 * which overrides any default), else the session cookie, or an API token where the route declares the
 * scope a token needs. OpenAPI 3.0 lists scopes only for OAuth schemes: the scopes go in the
 * operation's `x-api-token-scopes`.
 */
export function securityOf(config: { access?: Access; scope?: RouteScope } | undefined): SecurityRequirement[] {
  const access = config?.access;
  if (access === undefined || access === 'public') return [];
  return scopesOf(config?.scope).length ? [{ session: [] }, { apiToken: [] }] : [{ session: [] }];
}

/**
 * The named schemas of the zod registry (`.meta({ id })`, e.g. the recursive ActivityValue) as
 * components, in both their input and output forms, keeping only those the document references: a
 * generator would otherwise emit a model for each unused form. The components already there stay.
 */
const addNamedSchemas = createJsonSchemaTransformObject({ zodToJsonConfig: { target: 'openapi-3.0' } });
type DocumentInput = Parameters<typeof addNamedSchemas>[0];
const componentRefs = (value: unknown) => [...JSON.stringify(value ?? null).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
function withNamedSchemas(input: DocumentInput): ReturnType<typeof addNamedSchemas> {
  const given = 'openapiObject' in input ? input.openapiObject.components?.schemas : undefined;
  const kept = new Set(Object.keys(given ?? {}));
  const doc = addNamedSchemas(input);
  const schemas: Record<string, unknown> = ('components' in doc && doc.components?.schemas) || {};
  // Every component reached from the operations, directly or through another component.
  const used = new Set<string>();
  for (let next = componentRefs(doc.paths); next.length > 0;) {
    const fresh = next.filter((id) => !used.has(id));
    fresh.forEach((id) => used.add(id));
    next = componentRefs(fresh.map((id) => schemas[id]));
  }
  for (const id of Object.keys(schemas)) if (!kept.has(id) && !used.has(id)) delete schemas[id];
  return doc;
}

/** OpenAPI document of every route at /api/openapi.json, browsable at /api/docs; each route lists its error codes. */
async function openapiPlugin(app: FastifyInstance) {
  const { $schema: _, ...errorSchema } = z.toJSONSchema(errorBody, { target: 'openapi-3.0' }) as Record<string, unknown>;
  await app.register(swagger, {
    openapi: {
      info: { title: 'Primeur API', version: '1.0.0', description: 'B2B fresh produce trading platform.' },
      // Relative: the API is served by the server that serves this document.
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      // A route without any schema (the web app's root, served once the web is built) has nothing to document.
      const schema = out.schema as { hide?: boolean; response?: Record<string, unknown>; security?: SecurityRequirement[] } | undefined;
      if (!schema || schema.hide) return out;
      schema.security = securityOf(input.route.config);
      const scopes = scopesOf(input.route.config?.scope);
      if (scopes.length) (schema as Record<string, unknown>)['x-api-token-scopes'] = scopes;
      const codes = routeErrorCodes({ method: input.route.method, config: input.route.config, schema: input.schema as never });
      if (codes.length > 0) {
        schema.response = {
          ...schema.response,
          '4XX': { ...errorSchema, description: `Error codes (\`code\`): ${codes.join(', ')}.` },
        };
      }
      return out;
    },
    transformObject: withNamedSchemas,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
}

export default fp(openapiPlugin, { name: 'openapi' });
