import { createHash } from 'node:crypto';
import path from 'node:path';

const checkout = path.resolve(import.meta.dirname, '../../..');
export const TEMPLATE_DUMP = path.join(checkout, '.tmp', 'test-template.tar.gz');
/** One template per checkout, so test runs from two working trees on one server do not overwrite each other's. */
export const TEMPLATE_DB_NAME = `primeur_test_template_${createHash('sha1').update(checkout).digest('hex').slice(0, 10)}`;
