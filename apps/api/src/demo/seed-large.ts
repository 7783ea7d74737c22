import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createSettingsRepository } from '../modules/settings/settings.repository.ts';
import { databaseIsEmpty, loadDemoData } from './demo-data.ts';
import {
  demoMerchants,
  demoTransactionCount,
  demoTransactionSeed,
  ingestDemoTransactions,
} from './demo-transactions.ts';

/**
 * `npm run seed:large -- --transactions N [--file-size 100000] [--seed S]`: N demo transactions
 * (demo-transactions.ts) into the configured database (DATABASE_URL, else the PGlite DATA_DIR)
 * through the ingestion service, in files of --file-size rows, for benchmarks. The generator is
 * read a file at a time (ingestion may read a file twice), so memory holds one file whatever N. An
 * empty database gets
 * the demo data of a first start first. Transaction ids carry the seed and the run's start, so runs add up.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      transactions: { type: 'string' },
      'file-size': { type: 'string', default: '100000' },
      seed: { type: 'string', default: String(demoTransactionSeed) },
    },
  });
  const count = Number(values.transactions);
  const size = Number(values['file-size']);
  const seed = Number(values.seed);
  if (![count, size, seed].every((value) => Number.isInteger(value) && value > 0)) {
    console.error('Usage: npm run seed:large -- --transactions N [--file-size 100000] [--seed S]');
    process.exit(2);
  }

  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
    pooling: config.databasePooling,
  });
  try {
    await migrateToLatest(database.db);
    await createSettingsRepository(database.db).ensureDefaults();
    if (await databaseIsEmpty(database.db)) {
      await loadDemoData(database.db, { timeZone: config.timezone, transactions: demoTransactionCount });
      console.log('Demo data loaded into the empty database (as at a first start).');
    }
    const merchants = await demoMerchants(database.db);
    if (merchants.length === 0) throw new Error('no branch of a brand with a publisher deal to trade at');

    const now = new Date();
    const started = performance.now();
    let done = 0;
    await ingestDemoTransactions(database.db, {
      merchants,
      count,
      now,
      seed,
      idPrefix: `L${seed.toString(36)}${now.getTime().toString(36)}`,
      timeZone: config.timezone,
      file: { size },
      onFile: (file) => {
        done += file.rows;
        const seconds = (performance.now() - started) / 1000;
        const { inserted, unmatched, duplicates } = file.result;
        console.log(
          `${file.publisher}: ${file.rows} rows (${inserted} stored, ${unmatched} unknown MID, ${duplicates} duplicates)` +
            ` — ${done}/${count}, ${Math.round(done / seconds)} rows/s, ${Math.round(process.memoryUsage().rss / 1e6)} MB`,
        );
      },
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(`${done} rows in ${seconds.toFixed(1)} s: ${Math.round(done / seconds)} rows/s.`);
  } finally {
    await database.close();
  }
}

await main();
