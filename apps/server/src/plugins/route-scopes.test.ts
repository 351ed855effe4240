import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requireAccessRules, type DeclaredRoute, type RouteScope } from './session.js';

/** An API context as app.ts builds it: the rules, then one route. */
async function build(route: { access: 'authenticated' | 'public'; scope?: unknown }) {
  const app = Fastify();
  const registry: DeclaredRoute[] = [];
  await app.register(async (api) => {
    requireAccessRules(api, registry);
    api.get('/api/things', { config: { access: route.access, ...(route.scope === undefined ? {} : { scope: route.scope as RouteScope }) } }, async () => 'x');
  });
  await app.ready();
  await app.close();
  return registry;
}

describe('route scopes (decision 1008)', () => {
  it('records a route’s own scope, or a list of which a token needs one, and none when it declares none', async () => {
    expect((await build({ access: 'authenticated', scope: 'orders:read' }))[0]).toMatchObject({ method: 'GET', scope: 'orders:read' });
    expect((await build({ access: 'authenticated', scope: ['orders:read', 'lots:read'] }))[0]!.scope).toEqual(['orders:read', 'lots:read']);
    expect((await build({ access: 'authenticated' }))[0]!.scope).toBeUndefined();
  });

  it('does not start with an unknown scope or a scope on a public route', async () => {
    await expect(build({ access: 'authenticated', scope: 'orders:delete' })).rejects.toThrow('unknown scope');
    await expect(build({ access: 'authenticated', scope: [] })).rejects.toThrow('unknown scope');
    await expect(build({ access: 'public', scope: 'orders:read' })).rejects.toThrow('is public');
  });
});
