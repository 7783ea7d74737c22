/**
 * The API in a process of its own, for tests that kill it (ingestion.crash.test.ts): opens the
 * database it is given (a PostgreSQL URL, or a PGlite directory), listens on a free port of
 * 127.0.0.1 and prints `port=N` once it accepts requests, then `writing` once the first rows of an
 * upload are in the database (its first COPY has completed, inside the upload's transaction).
 */
import type { KyselyPlugin, QueryId } from 'kysely';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';

const databaseUrl = process.env.CRASH_DATABASE_URL;
const dataDir = process.env.CRASH_DATA_DIR ?? 'memory';
const database = await openDatabase(
  databaseUrl ? { databaseUrl, dataDir: 'memory', poolMax: 2 } : { dataDir },
);

/** COPY statements sent (copyInto: a raw query starting with COPY), until one has completed. */
const copies = new WeakSet<QueryId>();
let reported = false;
const reportWriting: KyselyPlugin = {
  transformQuery({ node, queryId }) {
    if (!reported && node.kind === 'RawNode' && node.sqlFragments[0]?.trimStart().startsWith('COPY')) {
      copies.add(queryId);
    }
    return node;
  },
  async transformResult({ queryId, result }) {
    if (!reported && copies.has(queryId)) {
      reported = true;
      process.stdout.write('writing\n');
    }
    return result;
  },
};
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
  database: { ...database, db: database.db.withPlugin(reportWriting) },
  logger: false,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
process.stdout.write(`port=${typeof address === 'object' && address ? address.port : 0}\n`);
