import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { DiffChecker, PostgresDialect, transform, type PostgresDB } from 'kysely-codegen';
import prettier from 'prettier';
import { openDatabase } from './database.ts';
import { columnOverrides, columnTypeImports } from './column-overrides.ts';
import { migrateToLatest } from './migrate.ts';
import { tableAreas } from './table-areas.ts';
import { indexFile, splitTableTypes, tablesFolder, type TableTypesFile } from './table-files.ts';

/**
 * `npm run db:types`: runs the migrations on a throwaway in-memory PGlite and writes the Kysely
 * table types kysely-codegen reads from it: `DB` in database.generated.ts, the tables in
 * tables/<area>.generated.ts by the area that owns them (table-areas.ts; decision 0055). With
 * `--check` it writes nothing and fails when a file differs, is missing or is left over, which
 * `npm run lint` runs so a migration cannot land without its types.
 */
const dbFolder = path.dirname(fileURLToPath(import.meta.url));
const generatedSuffix = '.generated.ts';
/** The rule for every file outside tests and migrations: an area that outgrows it is split. */
const maxLines = 400;

const header = `/**
 * The database's tables as Kysely types, generated from the migrations by \`npm run db:types\`
 * (generate-types.ts; column overrides in column-overrides.ts, areas in table-areas.ts). Do not
 * edit: change a migration, an override or an area and run the script again.
 */
`;

/** Column types as database.ts's parsers answer them, on PGlite and PostgreSQL alike. */
const typeMapping = {
  int8: 'number',
  numeric: 'string',
  date: 'string',
  timestamptz: 'Date',
  timestamp: 'Date',
  bytea: 'Uint8Array',
};

/** A row's creation time is set once, by its default or by the insert. */
const createdAt = 'ColumnType<Date, Date | undefined, never>';

async function generateTableTypes(): Promise<TableTypesFile[]> {
  const database = await openDatabase({ dataDir: 'memory' });
  try {
    await migrateToLatest(database.db);
    const dialect = new PostgresDialect({ dateParser: 'string', numericParser: 'string' });
    const metadata = await dialect.introspector.introspect({
      // It reads only PostgreSQL's catalogue, whatever tables the instance is typed with.
      db: database.db as unknown as Kysely<PostgresDB>,
      excludePattern: 'kysely_migration*',
    });
    const columns: Record<string, string> = { ...columnOverrides };
    for (const table of metadata.tables) {
      const created = table.columns.find((column) => column.name === 'created_at');
      if (created?.hasDefaultValue && !created.isNullable) columns[`${table.name}.created_at`] ??= createdAt;
    }
    const statements = transform({
      dialect,
      metadata,
      typeMapping,
      overrides: { columns },
      customImports: columnTypeImports,
    });
    const options = await prettier.resolveConfig(path.join(dbFolder, indexFile));
    return Promise.all(
      splitTableTypes(statements, tableAreas).map(async (file) => {
        const filepath = path.join(dbFolder, file.path);
        const source = await prettier.format(header + file.source, { ...options, filepath });
        const lines = source.split('\n').length - 1;
        if (lines > maxLines) throw new Error(`${file.path} would be ${lines} lines: split its area`);
        return { path: file.path, source };
      }),
    );
  } finally {
    await database.close();
  }
}

/** The generated files on disk: the index and whatever tables/ holds, so a left-over file is seen. */
async function committedPaths(): Promise<string[]> {
  const tables = await fs.readdir(path.join(dbFolder, tablesFolder)).catch(() => []);
  return [
    indexFile,
    ...tables.filter((name) => name.endsWith(generatedSuffix)).map((name) => `${tablesFolder}/${name}`),
  ];
}

async function main(check: boolean) {
  const generated = await generateTableTypes();
  const leftOver = (await committedPaths()).filter(
    (file) => !generated.some(({ path: made }) => made === file),
  );
  if (!check) {
    await fs.mkdir(path.join(dbFolder, tablesFolder), { recursive: true });
    await Promise.all(generated.map((file) => fs.writeFile(path.join(dbFolder, file.path), file.source)));
    await Promise.all(leftOver.map((file) => fs.rm(path.join(dbFolder, file))));
    return;
  }
  const stale: string[] = [...leftOver];
  for (const file of generated) {
    const committed = await fs.readFile(path.join(dbFolder, file.path), 'utf8').catch(() => '');
    if (committed === file.source) continue;
    console.error(`${file.path}:\n${new DiffChecker().diff(committed, file.source)}`);
    stale.push(file.path);
  }
  if (stale.length > 0) {
    console.error(`Stale, missing or left over: ${stale.join(', ')}. Run \`npm run db:types\`.`);
    process.exitCode = 1;
  }
}

await main(process.argv.includes('--check'));
