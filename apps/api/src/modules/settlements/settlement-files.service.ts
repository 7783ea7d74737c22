import { isBankUser, isSystemAdmin } from '@krowd/domain/access/access.rules';
import { paginationOf, type PageQuery } from '@krowd/domain/list/list.schema';
import { messages } from '@krowd/domain/messages/messages';
import type { SettlementFile } from '@krowd/domain/settlement/settlement-response.schema';
import { settlementFileName } from '@krowd/domain/settlement/settlement.rules';
import type { AuthContext } from '../../http/caller.ts';
import { notFound } from '../../http/errors.ts';
import type {
  PublisherReach,
  SettlementFileFilter,
  SettlementFileRow,
  SettlementFilesRepository,
} from './settlement-files.repository.ts';

const m = messages.settlement;

/** A file as the lists answer it: an allowlist of its row, the content left to the download. */
const answerOf = (row: SettlementFileRow): SettlementFile => ({
  id: row.id,
  publisherId: row.publisher_id,
  publisherName: row.publisher_name,
  kind: row.kind,
  period: row.period,
  fileName: settlementFileName(row.kind, row.period),
  rows: Number(row.row_count),
  cashbackPence: Number(row.cashback_pence),
  successFeePence: Number(row.success_fee_pence),
  sha256: row.sha256,
  generatedAt: row.generated_at.toISOString(),
});

/** A download: the stored bytes, their checksum and the file's name. */
export interface SettlementDownload {
  fileName: string;
  sha256: string;
  content: string;
}

/**
 * Who reads which settlement files (docs/decisions/0107): a publisher's key its own; in the web app
 * the system admin every publisher's and a bank admin its bank's publisher's (banks.publisher_id).
 * Anything else, another bank user or publisher included, answers 404, as if absent.
 */
export function createSettlementFiles(deps: { files: SettlementFilesRepository }) {
  const { files } = deps;

  async function reachOf(auth: AuthContext): Promise<PublisherReach> {
    if (isSystemAdmin(auth.audience)) return 'all';
    if (!isBankUser(auth.audience) || !auth.account.is_bank_admin || !auth.account.bank_id) return [];
    const publisherId = await files.publisherOfBank(auth.account.bank_id);
    return publisherId ? [publisherId] : [];
  }

  const reaches = (reach: PublisherReach, publisherId: string) =>
    reach === 'all' || reach.includes(publisherId);

  async function page(reach: PublisherReach, query: PageQuery & SettlementFileFilter) {
    const { rows, total } = await files.list(
      reach,
      { kind: query.kind, period: query.period },
      { limit: query.limit, offset: (query.page - 1) * query.limit },
    );
    return { data: rows.map(answerOf), pagination: paginationOf(query, total) };
  }

  async function download(reach: PublisherReach, id: string): Promise<SettlementDownload> {
    const row = await files.find(id);
    if (!row || !reaches(reach, row.publisher_id)) throw notFound(m.notFound);
    return { fileName: settlementFileName(row.kind, row.period), sha256: row.sha256, content: row.content };
  }

  return {
    /** The web list: a named publisher within reach (else 404), or every file within reach. */
    async list(auth: AuthContext, query: PageQuery & SettlementFileFilter & { publisherId?: string }) {
      const reach = await reachOf(auth);
      if (reach !== 'all' && reach.length === 0) throw notFound(m.noPublisher);
      if (query.publisherId && !reaches(reach, query.publisherId)) throw notFound(m.notFound);
      return page(query.publisherId ? [query.publisherId] : reach, query);
    },

    async download(auth: AuthContext, id: string) {
      return download(await reachOf(auth), id);
    },

    /** A publisher's key: its own files only. */
    listForPublisher(publisherId: string, query: PageQuery & SettlementFileFilter) {
      return page([publisherId], query);
    },

    downloadForPublisher(publisherId: string, id: string) {
      return download([publisherId], id);
    },
  };
}

export type SettlementFiles = ReturnType<typeof createSettlementFiles>;
