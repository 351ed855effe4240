import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/env.js';
import { openDatabase } from '../src/db/client.js';

/** The served OpenAPI document of an app built as the server builds it, on a throwaway embedded database. */
export async function servedDocument(): Promise<Record<string, unknown>> {
  const database = await openDatabase({});
  try {
    await database.migrate();
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', EVENTS_INTERVAL_MS: '0' }), database });
    try {
      await app.ready();
      return (await app.inject({ url: '/api/openapi.json' })).json();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

const HEADER = `/**
 * The types of Primeur's API, generated from the served OpenAPI document by openapi-typescript.
 * Do not edit: \`npm run api:types\` writes this file again (a test fails when it is behind the routes).
 */
`;

/** The TypeScript types of the document (openapi-typescript), as examples/erp-sync/primeur-api.d.ts holds them. */
export async function apiTypes(doc?: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS((doc ?? (await servedDocument())) as never, { alphabetize: true });
  return HEADER + astToString(ast);
}
