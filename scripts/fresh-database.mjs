#!/usr/bin/env node
// node scripts/fresh-database.mjs <postgres url> <name>: drops the database <name> on that server if it
// exists and creates it empty, for an end-to-end app that runs on PostgreSQL (decision 950). One fixed
// name per app port: a run starts from an empty database and leaves at most one behind.
import pg from 'pg';

const [url, name] = process.argv.slice(2);
if (!url || !name || !/^[a-z_][a-z0-9_]{0,62}$/.test(name)) {
  console.error('usage: node scripts/fresh-database.mjs <postgres url> <database name: a-z, 0-9, _>');
  process.exit(2);
}
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 30_000 });
await client.connect();
try {
  // WITH (FORCE): an app of an earlier run killed before its end may still hold a connection.
  await client.query(`drop database if exists ${name} with (force)`);
  await client.query(`create database ${name}`);
} finally {
  await client.end();
}
