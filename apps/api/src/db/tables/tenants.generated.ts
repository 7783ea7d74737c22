/**
 * The database's tables as Kysely types, generated from the migrations by `npm run db:types`
 * (generate-types.ts; column overrides in column-overrides.ts, areas in table-areas.ts). Do not
 * edit: change a migration, an override or an area and run the script again.
 */
import type { AssetKind } from '@krowd/domain/asset/asset.schema';
import type { ImageContentType } from '@krowd/domain/asset/image-file';
import type { BranchStatus } from '@krowd/domain/branch/branch.schema';
import type { ColumnType } from 'kysely';
import type { Generated } from './scalars.generated.ts';

export interface Brands {
  created_at: ColumnType<Date, Date | undefined, never>;
  group_id: string | null;
  id: Generated<string>;
  name: string;
  updated_at: Generated<Date>;
}

export interface Groups {
  created_at: ColumnType<Date, Date | undefined, never>;
  id: Generated<string>;
  name: string;
}

export interface ClientLists {
  created_at: ColumnType<Date, Date | undefined, never>;
  id: Generated<string>;
  name: string;
  owner_user_id: string;
}

export interface ClientListBrands {
  brand_id: string;
  client_list_id: string;
}

export interface Banks {
  address: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  id: Generated<string>;
  name: string;
  publisher_id: string | null;
  updated_at: Generated<Date>;
  website: string | null;
}

export interface BrandBanks {
  bank_id: string;
  brand_id: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  created_by: string | null;
}

export interface BrandCopyTexts {
  additional_copy: string;
  brand_id: string;
  copy: string;
  updated_at: Generated<Date>;
  updated_by: string;
}

export interface Assets {
  bank_id: string | null;
  brand_id: string | null;
  byte_size: number;
  bytes: Uint8Array;
  content_type: ImageContentType;
  created_at: ColumnType<Date, Date | undefined, never>;
  deleted_at: Date | null;
  file_name: string;
  height: number;
  id: Generated<string>;
  kind: AssetKind;
  uploaded_by: string;
  user_id: string | null;
  width: number;
}

export interface Branches {
  activated_at: Date | null;
  address: string | null;
  amex_merchant_id: string | null;
  approved_by: string | null;
  block: string | null;
  brand_id: string;
  city: string | null;
  comments: string | null;
  contact_email: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  created_by_brand_user: Generated<boolean>;
  created_by_user_id: string | null;
  default_branch: Generated<boolean>;
  description: string | null;
  id: Generated<string>;
  kmid: string | null;
  mastercard_merchant_id: string | null;
  merchant_ids_proposed_at: Date | null;
  name: string;
  postal_town: string | null;
  postcode: string | null;
  proposed_amex_merchant_id: string | null;
  proposed_mastercard_merchant_id: string | null;
  proposed_zettle_merchant_id: string | null;
  status: Generated<BranchStatus>;
  status_before_update: string | null;
  tripadvisor_url: string | null;
  updated_at: Generated<Date>;
  zettle_merchant_id: string | null;
}

export interface BranchDirectory {
  address: string | null;
  brand_id: string | null;
  city: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  created_by_user_id: string | null;
  cuisine: string | null;
  datasource: Generated<'directory' | 'ui'>;
  email: string | null;
  entity_url: string | null;
  id: Generated<string>;
  kmid: Generated<string>;
  merchant_name: string;
  phone_no: string | null;
  postcode: string | null;
}
