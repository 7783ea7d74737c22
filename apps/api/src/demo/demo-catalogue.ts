import type { Transaction } from 'kysely';
import type { DB } from '../db/database.generated.ts';
import type { BranchStatus } from '@krowd/domain/branch/branch.schema';
import { insertDemoKeys } from './demo-publishers.ts';

/**
 * The demo brands' branches (in every status), the publishers and each brand's deals with them,
 * a projection record per brand, and the message templates for sms, email and app.
 */
export type DemoBrandKey =
  'groupBrandA' | 'groupBrandB' | 'standalone' | 'firstLogin' | 'guest' | 'cardNetwork';

export const demoPublishers = [
  { code: 'ATR', display_name: 'ATR' },
  { code: 'Fidel', display_name: 'NextJump' },
  { code: 'LUX', display_name: 'Mastercard' },
  { code: 'Amex', display_name: 'Amex' },
] as const;

interface DemoBranch {
  name: string;
  postcode: string;
  postalTown: string;
  address: string;
  status: BranchStatus;
  /** Created by a brand user (true) or on the operator side (false). */
  byBrandUser: boolean;
}

const branchesByBrand: Record<DemoBrandKey, DemoBranch[]> = {
  groupBrandA: [
    {
      name: 'Harbour Kitchen Leeds',
      postcode: 'LS1 4DY',
      postalTown: 'Leeds',
      address: '12 Call Lane',
      status: 'Active',
      byBrandUser: false,
    },
    {
      name: 'Harbour Kitchen York',
      postcode: 'YO1 7HH',
      postalTown: 'York',
      address: '3 Stonegate',
      status: 'Approved',
      byBrandUser: true,
    },
    {
      name: 'Harbour Kitchen Hull',
      postcode: 'HU1 1UU',
      postalTown: 'Hull',
      address: '40 Humber Street',
      status: 'Pending',
      byBrandUser: true,
    },
  ],
  groupBrandB: [
    {
      name: 'Ember Pizza Manchester',
      postcode: 'M1 1AD',
      postalTown: 'Manchester',
      address: '88 Oldham Street',
      status: 'Active',
      byBrandUser: false,
    },
    {
      name: 'Ember Pizza Salford',
      postcode: 'M5 4WT',
      postalTown: 'Salford',
      address: '5 The Quays',
      status: 'Active',
      byBrandUser: true,
    },
  ],
  standalone: [
    {
      name: 'Green Fork Soho',
      postcode: 'W1D 4HS',
      postalTown: 'London',
      address: '21 Dean Street',
      status: 'Active',
      byBrandUser: false,
    },
    {
      name: 'Green Fork Shoreditch',
      postcode: 'E1 6JE',
      postalTown: 'London',
      address: '7 Redchurch Street',
      status: 'Approved',
      byBrandUser: true,
    },
    {
      name: 'Green Fork Brixton',
      postcode: 'SW9 8PR',
      postalTown: 'London',
      address: '2 Atlantic Road',
      status: 'Rejected',
      byBrandUser: false,
    },
    {
      name: 'Green Fork Camden',
      postcode: 'NW1 8AB',
      postalTown: 'London',
      address: '50 Camden High Street',
      status: 'Deleted',
      byBrandUser: false,
    },
    {
      name: 'Green Fork Islington',
      postcode: 'N1 0PS',
      postalTown: 'London',
      address: '14 Upper Street',
      status: 'Updated',
      byBrandUser: true,
    },
  ],
  firstLogin: [
    {
      name: 'First Light Bakery Bath',
      postcode: 'BA1 1LN',
      postalTown: 'Bath',
      address: '9 Milsom Street',
      status: 'Active',
      byBrandUser: true,
    },
  ],
  guest: [],
  cardNetwork: [
    {
      name: 'Saffron Table Soho',
      postcode: 'W1D 4HS',
      postalTown: 'London',
      address: '21 Dean Street',
      status: 'Active',
      byBrandUser: false,
    },
  ],
};

/** Deals: [publisher code, cashback %, success fee %]. */
export const dealsByBrand: Record<DemoBrandKey, [string, string, string][]> = {
  groupBrandA: [
    ['ATR', '10.00', '5.00'],
    ['Fidel', '8.00', '4.50'],
  ],
  groupBrandB: [
    ['ATR', '12.00', '5.00'],
    ['LUX', '10.00', '4.00'],
  ],
  standalone: [
    ['ATR', '10.00', '5.00'],
    ['Fidel', '10.00', '5.00'],
    ['LUX', '9.00', '4.00'],
    ['Amex', '15.00', '6.00'],
  ],
  firstLogin: [['ATR', '10.00', '5.00']],
  guest: [],
  cardNetwork: [['Amex', '10.00', '5.00']],
};

/** Conversion curves as share of reach converting at a discount percent (see projection.md). */
const curve = (points: [number, number][]) =>
  points.map(([discount, conversion]) => ({ discount, conversion }));

function projectionRecord(scale: number, avgSpend: number) {
  return [
    {
      traffic: Math.round(52_000 * scale),
      conversion_curve: curve([
        [0, 0.001],
        [10, 0.006],
        [20, 0.011],
        [30, 0.015],
        [50, 0.02],
      ]),
      curve: {
        acquisition: curve([
          [0, 0.001],
          [10, 0.006],
          [20, 0.011],
          [30, 0.015],
          [50, 0.02],
        ]),
        reengagement: curve([
          [0, 0.004],
          [10, 0.012],
          [20, 0.019],
          [30, 0.024],
          [50, 0.03],
        ]),
        reactivation: curve([
          [0, 0.002],
          [10, 0.009],
          [20, 0.015],
          [30, 0.02],
          [50, 0.026],
        ]),
      },
      reengamenet_window: 6,
      entity_metaid: `demo-${scale}`,
    },
    {
      addressable_market: Math.round(576_759 * scale),
      base_traffic: Math.round(38_000 * scale),
      old_user_traffic: Math.round(14_000 * scale),
      avg_transaction_val: avgSpend,
      total_card_holder_count: 4_037_318,
    },
  ];
}

const projectionScale: Record<DemoBrandKey, [number, number]> = {
  groupBrandA: [1.1, 27.4],
  groupBrandB: [0.8, 19.9],
  standalone: [1, 23.62],
  firstLogin: [0.4, 8.75],
  guest: [0.5, 21.3],
  cardNetwork: [0.6, 24.1],
};

export const demoTemplates = [
  {
    type: 'sms',
    name: 'Percent off, short',
    template_text:
      'Hi from <bank>! Get <Discount%> off at <Business Name> when you pay with your card. Valid until <Valid Until>. <Landing Page>',
  },
  {
    type: 'sms',
    name: 'Cashback on a minimum spend',
    template_text:
      '<bank>: spend <Minimum Spend> or more at <Business Name> and get <Discount (AED)> back. Valid for <Valid For> use(s) until <Valid Until>.',
  },
  {
    type: 'sms',
    name: 'Promo code',
    template_text:
      '<bank> treat: <Discount%> off at <Business Name> with code <promo code>. Ends <Valid Until>.',
  },
  {
    type: 'email',
    name: 'Feature with two images',
    template_text:
      '<Top Image>\nDear cardholder,\n<Business Name> welcomes you with <Discount%> off your next visit, paid with your <bank> card.\nOffer valid until <Valid Until>.\n<Landing Page>\n<Bottom Image>',
  },
  {
    type: 'email',
    name: 'Value offer with two images',
    template_text:
      '<Top Image>\nSpend <Minimum Spend> at <Business Name> and enjoy <Discount (AED)> off, courtesy of <bank>.\nValid for <Valid For> use(s) until <Valid Until>.\n<Landing Page>\n<Bottom Image>',
  },
  {
    type: 'app',
    name: 'In-app card',
    template_text:
      '<Top Image>\n<Discount%> off at <Business Name>\nPay with your <bank> card before <Valid Until>.',
  },
] as const;

export async function loadDemoCatalogue(
  trx: Transaction<DB>,
  brandIds: Record<DemoBrandKey, string>,
  brandUserId: string,
): Promise<{ branchIds: Record<DemoBrandKey, string[]>; publisherIds: Record<string, string> }> {
  const publishers = await trx
    .insertInto('publishers')
    .values(demoPublishers.map((p) => ({ ...p })))
    .returning(['id', 'code'])
    .execute();
  const publisherIds = Object.fromEntries(publishers.map((p) => [p.code, p.id]));
  await insertDemoKeys(trx, publishers);

  const branchIds = {} as Record<DemoBrandKey, string[]>;
  let merchantNumber = 4_410_000;
  for (const [key, branches] of Object.entries(branchesByBrand) as [DemoBrandKey, DemoBranch[]][]) {
    branchIds[key] = [];
    for (const [index, branch] of branches.entries()) {
      merchantNumber += 137;
      // An Updated branch was approved, and its brand has since proposed a new Mastercard ID for
      // the operator side's review (decision 0070).
      const updated = branch.status === 'Updated';
      const active = branch.status === 'Active' || branch.status === 'Approved' || updated;
      const row = await trx
        .insertInto('branches')
        .values({
          brand_id: brandIds[key],
          name: branch.name,
          kmid: `KM${merchantNumber}`,
          status: branch.status,
          address: branch.address,
          postcode: branch.postcode,
          postal_town: branch.postalTown,
          city: branch.postalTown,
          contact_name: 'Duty Manager',
          contact_email: `${branch.name.toLowerCase().replace(/[^a-z]+/g, '.')}@demo.test`,
          contact_phone: '02079460000',
          tripadvisor_url: `https://www.tripadvisor.co.uk/Restaurant_Review-${encodeURIComponent(branch.name.replace(/ /g, '_'))}`,
          mastercard_merchant_id: String(merchantNumber),
          amex_merchant_id: index % 2 === 0 ? `AX${merchantNumber}` : null,
          zettle_merchant_id: index === 1 ? `ZT${merchantNumber}` : null,
          default_branch: index === 0,
          created_by_user_id: branch.byBrandUser ? brandUserId : null,
          created_by_brand_user: branch.byBrandUser,
          approved_by: active ? 'admin@demo.test' : null,
          activated_at: active ? new Date(Date.UTC(2025, 10, 3)) : null,
          ...(updated
            ? {
                proposed_mastercard_merchant_id: String(merchantNumber + 1),
                proposed_amex_merchant_id: index % 2 === 0 ? `AX${merchantNumber}` : null,
                proposed_zettle_merchant_id: index === 1 ? `ZT${merchantNumber}` : null,
                status_before_update: 'Active',
                merchant_ids_proposed_at: new Date(Date.UTC(2026, 10, 20)),
              }
            : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      branchIds[key].push(row.id);
    }
  }

  const deals = (Object.entries(dealsByBrand) as [DemoBrandKey, [string, string, string][]][]).flatMap(
    ([key, list]) =>
      list.map(([code, cashback, fee]) => ({
        brand_id: brandIds[key],
        publisher_id: publisherIds[code]!,
        cashback_percent: cashback,
        success_fee_percent: fee,
        start_date: '2025-06-01',
      })),
  );
  if (deals.length > 0) {
    await trx.insertInto('distributor_deals').values(deals).execute();
    // Each feed shows the brands it has deals with (decision 0088).
    await trx
      .insertInto('publisher_brands')
      .values(deals.map(({ brand_id, publisher_id }) => ({ brand_id, publisher_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  await trx
    .insertInto('projection_records')
    .values(
      (Object.entries(projectionScale) as [DemoBrandKey, [number, number]][]).map(
        ([key, [scale, spend]]) => ({
          brand_id: brandIds[key],
          record: JSON.stringify(projectionRecord(scale, spend)),
        }),
      ),
    )
    .execute();

  await trx
    .insertInto('campaign_templates')
    .values(demoTemplates.map((t) => ({ ...t })))
    .execute();

  return { branchIds, publisherIds };
}
