import type { InsertType } from 'kysely';
import type { DB } from '../../db/database.generated.ts';

/**
 * Mappings of a campaign are total (docs/decisions/0121, docs/style.md "Mappings are total"): a
 * new column of `campaigns` fails `tsc` at every mapping until each one sets it, reads it or says
 * it does not. Each type takes the table as a parameter so campaign-mappings.types.test.ts can
 * show a table with one more column is refused.
 */
export type CampaignTable = DB['campaigns'];

/**
 * The values of an insert naming every column but the `Left` ones, each one required: Kysely's
 * `Insertable` makes nullable and defaulted columns optional, so a forgotten one would compile.
 * `Left` must name columns of the table (a typo or a dropped column fails too).
 */
export type CampaignValues<Left extends keyof Table, Table = CampaignTable> = {
  [K in Exclude<keyof Table, Left>]-?: Exclude<InsertType<Table[K]>, undefined>;
};

/** Columns the database sets itself: never written by a mapping. */
export type DatabaseSetColumns = 'id' | 'created_at' | 'updated_at' | 'deleted_at';

/**
 * How a mapping from a stored campaign treats each of its columns: `true` it reads it, `false`
 * it does not (the entry's comment says why). Every column is named.
 */
export type CampaignColumnReads<Table = CampaignTable> = { readonly [K in keyof Table]-?: boolean };

/** The columns a `CampaignColumnReads` record marks as not read. */
export type UnreadColumns<Reads> = {
  [K in keyof Reads]: Reads[K] extends false ? K : never;
}[keyof Reads];

/** The columns a `CampaignColumnReads` record marks as read. */
export type ReadColumns<Reads> = Exclude<keyof Reads, UnreadColumns<Reads>>;

/** An object type with every key required (optional ones keep `undefined` as a value). */
export type Complete<T> = { [K in keyof Required<T>]: T[K] };
