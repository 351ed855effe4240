import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, type ErrorCode } from '@primeur/shared';
import { roleRefusalCode, type Access, type RoleRefusal } from './session.js';

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
  config?: { access?: Access; refusal?: RoleRefusal; errors?: readonly ErrorCode[] };
  schema?: { body?: unknown; params?: unknown; querystring?: unknown };
}): ErrorCode[] {
  const codes: ErrorCode[] = [];
  const access = route.config?.access;
  if (route.schema?.body || route.schema?.params || route.schema?.querystring) codes.push('VALIDATION_FAILED');
  if (access && access !== 'public') codes.push('NOT_SIGNED_IN');
  const refusal = access && roleRefusalCode(access);
  if (refusal) codes.push(route.config?.refusal?.code ?? refusal);
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.some((m) => STATE_CHANGING.has(m))) codes.push('CROSS_SITE_REQUEST');
  if (route.schema?.body) codes.push('UNSUPPORTED_MEDIA_TYPE');
  codes.push(...(route.config?.errors ?? []));
  return [...new Set(codes)];
}

/** OpenAPI document of every route at /api/openapi.json, browsable at /api/docs; each route lists its error codes. */
async function openapiPlugin(app: FastifyInstance) {
  const { $schema: _, ...errorSchema } = z.toJSONSchema(errorBody, { target: 'openapi-3.0' }) as Record<string, unknown>;
  await app.register(swagger, {
    openapi: {
      info: { title: 'Primeur API', version: '1.0.0', description: 'B2B fresh produce trading platform.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'primeur_sid' } } },
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      // A route without any schema (the web app's root, served once the web is built) has nothing to document.
      const schema = out.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
      if (!schema || schema.hide) return out;
      const codes = routeErrorCodes({ method: input.route.method, config: input.route.config, schema: input.schema as never });
      if (codes.length > 0) {
        schema.response = {
          ...schema.response,
          '4XX': { ...errorSchema, description: `Error codes (\`code\`): ${codes.join(', ')}.` },
        };
      }
      return out;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
}

export default fp(openapiPlugin, { name: 'openapi' });
