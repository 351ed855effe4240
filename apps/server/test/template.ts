import path from 'node:path';

export const TEMPLATE_DUMP = path.resolve(import.meta.dirname, '../../../.tmp/test-template.tar.gz');
export const TEMPLATE_DB_NAME = 'primeur_test_template';
