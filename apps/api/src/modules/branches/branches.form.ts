import type { Updateable } from 'kysely';
import type { BranchForm, BranchUpdate } from '@krowd/domain/branch/branch.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { DB } from '../../db/database.generated.ts';
import { conflict } from '../../http/errors.ts';

const m = messages.branch;

/** The columns a branch form sets (merchant IDs aside: merchant-ids.ts). */
export function formColumns(
  form: BranchUpdate & Partial<Pick<BranchForm, 'name' | 'kmid'>>,
): Updateable<DB['branches']> {
  return {
    name: form.name,
    kmid: form.kmid,
    postcode: form.postcode,
    postal_town: form.postalTown,
    address: form.address,
    contact_name: form.contactName,
    contact_phone: form.contactPhone,
    contact_email: form.contactEmail,
    tripadvisor_url: form.tripadvisorUrl,
  };
}

const isUniqueViolation = (error: unknown) => String((error as { code?: unknown }).code) === '23505';

/** A second live branch of the same directory venue in one brand is refused, not half-stored. */
export async function refusingDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(m.alreadyAdded);
    throw error;
  }
}

/** The column a CSV issue is about, by the file's header names. */
export function csvColumnOf(path: readonly PropertyKey[]): string {
  if (path[0] === 'merchantIds') return String(path[1] ?? 'merchantId');
  return String(path[0] ?? 'row');
}
