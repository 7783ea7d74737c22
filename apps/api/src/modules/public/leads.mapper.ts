import type { LeadBranchSubmission, LeadRow } from '@krowd/domain/public/public-response.schema';
import type { PublicRepository } from './public.repository.ts';

type SubmittedBranch = LeadBranchSubmission['branches'][number];
type StoredLead = Awaited<ReturnType<PublicRepository['leadsPage']>>['rows'][number];
type StoredSubmission = Awaited<ReturnType<PublicRepository['submissionsOf']>>[number];

/** Where a system admin opens a submission's Excel file. */
export function submissionFilePath(submissionId: string) {
  return `/api/cardnetwork/submissions/${submissionId}/file`;
}

/** The leads list's rows (spec 3 §5 Card-network Leads): each lead with its branch submissions. */
export function leadRowsOf(rows: StoredLead[], submissions: StoredSubmission[]): LeadRow[] {
  return rows.map((row) => ({
    _id: row.id,
    created: row.created_at.toISOString(),
    kind: row.kind,
    from: row.source,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    legalName: row.legal_name,
    website: row.website,
    amexMerchantID: row.amex_merchant_id,
    brandId: row.brand_id,
    branchSubmissions: submissions
      .filter((submission) => submission.lead_id === row.id)
      .map((submission) => ({
        _id: submission.id,
        created: submission.created_at.toISOString(),
        comments: submission.comments,
        branches: submission.branches as SubmittedBranch[],
        fileName: submission.file_name,
        fileUrl: submission.file_kind ? submissionFilePath(submission.id) : null,
      })),
  }));
}
