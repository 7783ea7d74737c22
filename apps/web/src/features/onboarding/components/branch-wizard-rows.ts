import type { BranchRow } from '@krowd/domain/branch/branch-response.schema';
import { hasMerchantId, type BranchWizardInput } from '@krowd/domain/branch/branch.schema';
import { messages } from '@krowd/domain/messages/messages';

const text = (value: string | null | undefined) => value ?? '';

/** A blank row for a new branch of the brand. */
export function emptyWizardRow(brandId: string): BranchWizardInput {
  return {
    brandId,
    name: '',
    kmid: null,
    postcode: '',
    postalTown: '',
    address: '',
    contactName: '',
    contactPhone: '',
    contactEmail: '',
    tripadvisorUrl: '',
    merchantIds: { merchantId: '', amexMerchantID: '', zettleMerchantID: '' },
  };
}

/** A saved branch as a row of the wizard's table (its _id makes the save an update). */
export function wizardRowOf(branch: BranchRow): BranchWizardInput {
  return {
    _id: branch._id,
    brandId: branch.brandId,
    name: branch.name,
    kmid: branch.kmid,
    postcode: text(branch.postcode),
    postalTown: text(branch.postalTown),
    address: text(branch.address),
    contactName: text(branch.contactName),
    contactPhone: text(branch.contactPhone),
    contactEmail: text(branch.contactEmail),
    tripadvisorUrl: text(branch.tripadvisorUrl),
    merchantIds: {
      merchantId: text(branch.merchantIds.merchantId),
      amexMerchantID: text(branch.merchantIds.amexMerchantID),
      zettleMerchantID: text(branch.merchantIds.zettleMerchantID),
    },
  };
}

/** The branches the wizard lists: a Deleted one is not offered (spec 2 §4). */
export function listedBranches(branches: BranchRow[]): BranchRow[] {
  return branches.filter((branch) => branch.status !== 'Deleted');
}

/**
 * What the Validation Error modal says before anything is sent (spec 2 §5 'Wizard Next'): every
 * branch needs one of its three merchant IDs, and the step needs a branch.
 */
export function wizardMerchantIdErrors(rows: BranchWizardInput[]): string[] {
  const lacking = rows.length === 0 || rows.some((row) => !hasMerchantId(row.merchantIds ?? {}));
  return lacking ? [messages.onboarding.merchantIdRequired] : [];
}

/** A row's values as compared with what was loaded or last saved. */
export function rowSnapshot(row: BranchWizardInput): string {
  return JSON.stringify(row);
}

/**
 * The rows Next sends: new ones, and saved ones changed since they were loaded or saved (a
 * branch left as it was is not sent again).
 */
export function rowsToSave(rows: BranchWizardInput[], saved: ReadonlyMap<string, string>): number[] {
  return rows.flatMap((row, index) => (!row._id || saved.get(row._id) !== rowSnapshot(row) ? [index] : []));
}
