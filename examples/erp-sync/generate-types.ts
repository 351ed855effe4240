/**
 * `npm run api:types`: writes primeur-api.d.ts, the TypeScript types of the served OpenAPI document
 * (openapi-typescript), for the typed client of sync.ts. The document is the app's own, built here
 * on an embedded database as the server builds it. A test (apps/server/src/plugins/openapi.client.test.ts)
 * fails when the file is behind the routes.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { apiTypes } from '../../apps/server/test/api-types.js';

const file = path.join(import.meta.dirname, 'primeur-api.d.ts');
await writeFile(file, await apiTypes());
console.log(`wrote ${path.relative(process.cwd(), file)}`);
