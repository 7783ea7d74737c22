import { randomUUID } from 'node:crypto';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CampaignDetails } from '@krowd/domain/campaign/campaign-response.schema';
import { campaignFormSchema } from '@krowd/domain/campaign/campaign.schema';
import type { QualificationCampaign } from '@krowd/domain/qualification/qualification.rules';
import type { ColumnReads, Complete, DatabaseSetColumns } from '../../db/column-mappings.ts';
import type { DB } from '../../db/database.generated.ts';
import { qualificationReads } from '../ingestion/qualification-reads.ts';
import { auditReads } from './campaigns.audit.ts';
import { campaignBody, newYork } from './campaigns.fixtures.ts';
import {
  columnsOf,
  detailsReads,
  toCampaignDetails,
  type CampaignFormColumns,
  type DetailsRow,
} from './campaigns.mapper.ts';
import { childValues, type SeriesChildValues } from './campaigns.series.ts';

/**
 * Mappings of a campaign are total (docs/decisions/0121): these checks are compiled by
 * `npm run typecheck` (`tsc -b`, in the API's project). Each mapping is pinned to its total type,
 * and each total type refuses the table with one column more (a `@ts-expect-error` with no error
 * fails the build), so a mapping that stops being total, or a type that stops refusing, fails here.
 */

/** The campaigns table with one nullable column more, as `npm run db:types` would write it. */
type WithNewColumn = DB['campaigns'] & { loyalty_tier: number | null };

/** Whether A is assignable to B. */
type Extends<A, B> = [A] extends [B] ? true : false;

describe('campaign mappings are total', () => {
  it('the form sets every column but those the database and a save set', () => {
    expectTypeOf(columnsOf).returns.toEqualTypeOf<CampaignFormColumns>();
    expectTypeOf<Extends<CampaignFormColumns, CampaignFormColumns<WithNewColumn>>>().toEqualTypeOf<false>();
    const columns = columnsOf(campaignFormSchema.parse(campaignBody(randomUUID(), '2026-06')), newYork);
    // The new column is required of the form's columns.
    // @ts-expect-error -- loyalty_tier is missing
    const withNew: CampaignFormColumns<WithNewColumn> = columns;
    expect(withNew).not.toHaveProperty('loyalty_tier');
    const setBySave = ['brand_id', 'name', 'status', 'created_by', 'primary_campaign_id'];
    // Set by the budget watch, kept by an edit (decision 0120).
    const setByTheBudgetWatch = ['budget_alert_80_sent_at', 'budget_alert_100_sent_at'];
    const databaseSet: DatabaseSetColumns[] = ['id', 'created_at', 'updated_at', 'deleted_at'];
    expect([...Object.keys(columns), ...setBySave, ...setByTheBudgetWatch, ...databaseSet].sort()).toEqual(
      Object.keys(detailsReads).sort(),
    );
  });

  it("the series' month copies every column but those the database sets", () => {
    expectTypeOf(childValues).returns.toEqualTypeOf<SeriesChildValues>();
    expectTypeOf<Extends<SeriesChildValues, SeriesChildValues<WithNewColumn>>>().toEqualTypeOf<false>();
    expectTypeOf<keyof SeriesChildValues<WithNewColumn>>().toEqualTypeOf<
      keyof SeriesChildValues | 'loyalty_tier'
    >();
  });

  it('the details name every column, read only those marked read, and set every key', () => {
    // @ts-expect-error -- loyalty_tier is not named
    void (detailsReads satisfies ColumnReads<WithNewColumn>);
    expectTypeOf(toCampaignDetails).returns.toEqualTypeOf<Complete<CampaignDetails>>();
    expectTypeOf(toCampaignDetails).parameter(0).toEqualTypeOf<DetailsRow>();
    // @ts-expect-error -- created_by is marked not read, so the details cannot read it
    expectTypeOf<DetailsRow['created_by']>().toBeNullable();
    // An optional key of the details must still be written (as undefined when absent).
    // @ts-expect-error -- promoCode is missing
    const partial: Complete<Pick<CampaignDetails, 'promoCode'>> = {};
    expect(partial).toEqual({});
  });

  it('the qualification look-up names every column and the engine reads every field set', () => {
    // @ts-expect-error -- loyalty_tier is not named
    void (qualificationReads satisfies ColumnReads<WithNewColumn>);
    expectTypeOf<QualificationCampaign>().toEqualTypeOf<Complete<QualificationCampaign>>();
    expect(Object.keys(qualificationReads).sort()).toEqual(Object.keys(detailsReads).sort());
  });

  it('the audit record names every column, audited or not', () => {
    // @ts-expect-error -- loyalty_tier is not named
    void (auditReads satisfies ColumnReads<WithNewColumn>);
    expect(Object.keys(auditReads).sort()).toEqual(Object.keys(detailsReads).sort());
  });
});
