import { DatabaseMetadata, PostgresDialect, transform } from 'kysely-codegen';
import { describe, expect, it } from 'vitest';
import { splitTableTypes } from './table-files.ts';

/** kysely-codegen's statements for two small tables, one naming a domain type through an override. */
const statements = transform({
  dialect: new PostgresDialect(),
  metadata: new DatabaseMetadata({
    tables: [
      {
        name: 'campaigns',
        schema: 'public',
        columns: [
          { name: 'id', dataType: 'text', hasDefaultValue: true },
          { name: 'status', dataType: 'text' },
        ],
      },
      {
        name: 'settings',
        schema: 'public',
        columns: [
          { name: 'key', dataType: 'text' },
          { name: 'note', dataType: 'text', isNullable: true },
        ],
      },
    ],
  }),
  overrides: { columns: { 'campaigns.status': 'CampaignStatus' } },
  customImports: { CampaignStatus: '@krowd/domain/campaign/campaign.rules#CampaignStatus' },
});

describe('splitTableTypes', () => {
  it("writes each area's tables with only the imports they name, and DB in the index", () => {
    const files = splitTableTypes(statements, { campaigns: ['campaigns'], platform: ['settings'] });
    expect(Object.fromEntries(files.map((file) => [file.path, file.source]))).toEqual({
      'tables/scalars.generated.ts': [
        'import type { ColumnType } from "kysely";',
        '',
        'export type Generated<T> = T extends ColumnType<infer S, infer I, infer U>',
        '  ? ColumnType<S, I | undefined, U>',
        '  : ColumnType<T, T | undefined, T>;',
        '',
      ].join('\n'),
      'tables/campaigns.generated.ts': [
        'import type { CampaignStatus } from "@krowd/domain/campaign/campaign.rules";',
        'import type { Generated } from "./scalars.generated.ts";',
        '',
        'export interface Campaigns {',
        '  id: Generated<string>;',
        '  status: CampaignStatus;',
        '}',
        '',
      ].join('\n'),
      'tables/platform.generated.ts': [
        'export interface Settings {',
        '  key: string;',
        '  note: string | null;',
        '}',
        '',
      ].join('\n'),
      'database.generated.ts': [
        'import type { Campaigns } from "./tables/campaigns.generated.ts";',
        'import type { Settings } from "./tables/platform.generated.ts";',
        '',
        'export interface DB {',
        '  campaigns: Campaigns;',
        '  settings: Settings;',
        '}',
        '',
      ].join('\n'),
    });
  });

  it('refuses a table without an area, one the database lacks, and one placed twice', () => {
    expect(() => splitTableTypes(statements, { campaigns: ['campaigns'] })).toThrow(
      'settings without an area, none unknown or twice',
    );
    expect(() => splitTableTypes(statements, { all: ['campaigns', 'settings', 'widgets'] })).toThrow(
      'none without an area, widgets unknown or twice',
    );
    expect(() => splitTableTypes(statements, { a: ['campaigns', 'settings'], b: ['settings'] })).toThrow(
      'none without an area, settings unknown or twice',
    );
  });
});
