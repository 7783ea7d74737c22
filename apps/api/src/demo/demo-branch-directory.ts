import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/database.generated.ts';

/** Venues the demo directory knows besides the demo branches, for picking new branches from. */
const demoVenues = [
  [
    'Green Fork Angel',
    '112 Upper Street, London',
    'N1 1QP',
    'London',
    'angel@greenfork.test',
    '020 7946 0101',
  ],
  [
    'Green Fork Clapham',
    '8 The Pavement, London',
    'SW4 0HY',
    'London',
    'clapham@greenfork.test',
    '020 7946 0102',
  ],
  [
    'Green Fork Greenwich',
    '3 Nelson Road, London',
    'SE10 9JB',
    'London',
    'greenwich@greenfork.test',
    '020 7946 0103',
  ],
  [
    'Green Fork Richmond',
    '19 Hill Street, Richmond',
    'TW9 1SX',
    'Richmond',
    'richmond@greenfork.test',
    '020 7946 0104',
  ],
  [
    'Harbour Kitchen Whitby',
    '6 Pier Road, Whitby',
    'YO21 3PU',
    'Whitby',
    'whitby@harbourkitchen.test',
    '01947 600 100',
  ],
  [
    'Harbour Kitchen Scarborough',
    '22 Foreshore Road, Scarborough',
    'YO11 1NS',
    'Scarborough',
    'scarborough@harbourkitchen.test',
    '01723 600 200',
  ],
  [
    'Ember Pizza Stockport',
    '41 Little Underbank, Stockport',
    'SK1 1LA',
    'Stockport',
    'stockport@emberpizza.test',
    '0161 496 0300',
  ],
  [
    'Ember Pizza Bolton',
    '10 Churchgate, Bolton',
    'BL1 1HL',
    'Bolton',
    'bolton@emberpizza.test',
    '01204 496 400',
  ],
  [
    'The Copper Kettle Bath',
    '2 Abbey Green, Bath',
    'BA1 1NW',
    'Bath',
    'hello@copperkettle.test',
    '01225 496 500',
  ],
  [
    'Saffron Table Leicester',
    '77 Belgrave Road, Leicester',
    'LE4 6AS',
    'Leicester',
    'table@saffron.test',
    '0116 496 0600',
  ],
] as const;

/**
 * The demo branch directory: every demo branch's venue (same kmid) and the venues above, so the
 * Add New form finds a hit from three typed characters.
 */
export async function loadDemoBranchDirectory(trx: Transaction<DB>): Promise<void> {
  await sql`INSERT INTO branch_directory (kmid, merchant_name, address, postcode, city, email, phone_no, entity_url)
    SELECT kmid, name, address, postcode, city, contact_email, contact_phone, tripadvisor_url
    FROM branches WHERE kmid IS NOT NULL`.execute(trx);
  await trx
    .insertInto('branch_directory')
    .values(
      demoVenues.map(([name, address, postcode, city, email, phone]) => ({
        merchant_name: name,
        address,
        postcode,
        city,
        email,
        phone_no: phone,
        entity_url: `https://www.tripadvisor.co.uk/Restaurant_Review-${encodeURIComponent(name.replace(/ /g, '_'))}`,
      })),
    )
    .execute();
}
