import type { InsertType } from 'kysely';

/**
 * Mappings of a table's rows are total (docs/decisions/0121, docs/style.md "Mappings are total"):
 * a new column fails `tsc` at every mapping until each one sets it, reads it or says it does not.
 * Each type takes the table as a parameter, so a types test can show that a table with one more
 * column is refused (campaigns/campaign-mappings.types.test.ts).
 */

/**
 * The values of an insert naming every column but the `Left` ones, each one required: Kysely's
 * `Insertable` makes nullable and defaulted columns optional, so a forgotten one would compile.
 * `Left` must name columns of the table (a typo or a dropped column fails too).
 */
export type TableValues<Table, Left extends keyof Table> = {
  [K in Exclude<keyof Table, Left>]-?: Exclude<InsertType<Table[K]>, undefined>;
};

/** Columns the database sets itself (ids, timestamps, soft deletion): never written by a mapping. */
export type DatabaseSetColumns = 'id' | 'created_at' | 'updated_at' | 'deleted_at';

/**
 * How a mapping from a stored row treats each column of its table: `true` it reads it, `false` it
 * does not (the entry's comment says why). Every column is named; declare one `as const satisfies`.
 */
export type ColumnReads<Table> = { readonly [K in keyof Table]-?: boolean };

/** The columns a `ColumnReads` record marks as not read. */
export type UnreadColumns<Reads> = {
  [K in keyof Reads]: Reads[K] extends false ? K : never;
}[keyof Reads];

/** The columns a `ColumnReads` record marks as read. */
export type ReadColumns<Reads> = Exclude<keyof Reads, UnreadColumns<Reads>>;

/** An object type with every key required (an optional one keeps `undefined` as a value). */
export type Complete<T> = { [K in keyof Required<T>]: T[K] };
