import os from 'node:os';
import { sql } from 'kysely';
import { benchIngestion } from './ingestion.ts';
import { benchApp } from './harness.ts';

/**
 * What a stored transaction costs on disk (docs/capacity-plan.md): the demo's database, then one
 * publisher's file of `rows` ingested as the ingestion section does (caps and stacking off), and
 * every table's growth (its heap, TOAST and indexes: pg_total_relation_size, after VACUUM so the
 * free-space and visibility maps are counted as they would be) divided by the rows stored. The
 * tables that grew are listed, largest first, with their indexes apart.
 */
interface RelationSize {
  name: string;
  total: number;
  indexes: number;
}

async function sizes(db: Parameters<typeof benchIngestion>[0]['db']): Promise<Map<string, RelationSize>> {
  const { rows } = await sql<{ name: string; total: string; indexes: string }>`
    SELECT c.relname AS name,
           pg_total_relation_size(c.oid)::text AS total,
           pg_indexes_size(c.oid)::text AS indexes
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE c.relkind IN ('r', 'p') AND n.nspname = current_schema()`.execute(db);
  return new Map(
    rows.map((row) => [row.name, { name: row.name, total: Number(row.total), indexes: Number(row.indexes) }]),
  );
}

export async function storageSection(rows: number): Promise<string> {
  const bench = await benchApp();
  try {
    if (bench.engine !== 'postgres') return '';
    const { db } = bench.database;
    await sql`VACUUM`.execute(db);
    const before = await sizes(db);
    const databaseBefore = Number(
      (await sql<{ size: string }>`SELECT pg_database_size(current_database())::text AS size`.execute(db))
        .rows[0]!.size,
    );
    const run = await benchIngestion(bench.database, { rows, timeZone: bench.config.timezone });
    await sql`VACUUM`.execute(db);
    const after = await sizes(db);
    const databaseAfter = Number(
      (await sql<{ size: string }>`SELECT pg_database_size(current_database())::text AS size`.execute(db))
        .rows[0]!.size,
    );
    const stored = run.result.inserted;
    const grown = [...after.values()]
      .map((relation) => {
        const was = before.get(relation.name) ?? { total: 0, indexes: 0 };
        return {
          name: relation.name,
          total: relation.total - was.total,
          indexes: relation.indexes - was.indexes,
        };
      })
      .filter((relation) => relation.total > 0)
      .sort((a, b) => b.total - a.total);
    const perRow = (bytes: number) => (bytes / stored).toFixed(0);
    const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
    const sum = grown.reduce((total, relation) => total + relation.total, 0);
    return [
      '## Storage per stored transaction (postgres)',
      '',
      `One publisher's file of ${rows.toLocaleString('en-GB')} demo rows for ATR ingested into the demo's database (as the ingestion section, caps and stacking off; ${stored.toLocaleString('en-GB')} stored), each table's growth after VACUUM (heap, TOAST and indexes) divided by the rows stored. The figures a capacity plan multiplies (docs/capacity-plan.md). Load average (1 / 5 / 15 min) at the end ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' / ')}.`,
      '',
      '| table | grew MB | of it indexes MB | bytes a stored row | of it indexes |',
      '|---|---:|---:|---:|---:|',
      ...grown.map(
        (relation) =>
          `| ${relation.name} | ${mb(relation.total)} | ${mb(relation.indexes)} | ${perRow(relation.total)} | ${perRow(relation.indexes)} |`,
      ),
      `| **every table** | ${mb(sum)} | ${mb(grown.reduce((total, relation) => total + relation.indexes, 0))} | ${perRow(sum)} | |`,
      `| the whole database (pg_database_size) | ${mb(databaseAfter - databaseBefore)} | | ${perRow(databaseAfter - databaseBefore)} | |`,
      '',
    ].join('\n');
  } finally {
    await bench.close();
  }
}
