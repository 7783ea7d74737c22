import type { Insertable, Kysely, Updateable } from 'kysely';
import type { TenantScope } from '@krowd/domain/access/access.rules';
import {
  branchActions,
  branchActorOf,
  bulkActionNames,
  bulkBranchActions,
  type BranchAction,
} from '@krowd/domain/branch/branch.rules';
import {
  branchCsvColumns,
  branchCsvRowSchema,
  branchInputOfCsvRecord,
  maxBranchCsvRows,
  type BranchCreate,
  type BranchCsvColumn,
  type BranchForm,
  type BranchSortField,
  type BranchStatus,
  type BranchUpdate,
  type BranchWizard,
  type BulkBranchAction,
  type DirectoryCreate,
} from '@krowd/domain/branch/branch.schema';
import {
  effectiveSearch,
  paginationOf,
  type PageQuery,
  type SortDirection,
} from '@krowd/domain/list/list.schema';
import type { MidHealthStatus } from '@krowd/domain/branch/mid-health.rules';
import { localToday } from '@krowd/domain/campaign/campaign-dates.rules';
import { messages } from '@krowd/domain/messages/messages';
import type { DB } from '../../db/database.generated.ts';
import type { AuthContext } from '../../http/caller.ts';
import { csvTextOf, CsvSyntaxError, parseCsv } from '../../http/csv.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { scopeCoversBrand } from '../../http/tenant.ts';
import { brandInScope } from '../../http/brand-scope.ts';
import { listedBrands } from '../../http/listed-brands.ts';
import type { BrandsRepository } from '../brands/brands.repository.ts';
import type { BranchDirectoryRepository } from './branch-directory.repository.ts';
import { csvColumnOf, formColumns, refusingDuplicates } from './branches.form.ts';
import { createBranchAudit } from './branches.audit.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import { branchAnswers } from './mid-health.ts';
import type { BranchesRepository, BranchRecord } from './branches.repository.ts';
import {
  claimMerchantIds,
  merchantIdColumns,
  merchantIdEditColumns,
  merchantIdsAfter,
  noProposal,
  storedMerchantIdsOf,
} from './merchant-ids.ts';

const m = messages.branch;

export interface BranchListRequest extends PageQuery {
  filters: {
    globalSearch?: { value: string };
    dropDown?: { value: BranchStatus | '' };
    sortField?: { sortfield: BranchSortField; direction: SortDirection };
  };
  /** Only the branches of this MID health (decision 0115). */
  tracking?: MidHealthStatus;
  brandId?: string;
  from?: 'onboard';
}

const ruleRowOf = (row: BranchRecord) => ({
  status: row.status,
  createdByBrandUser: row.created_by_brand_user,
  defaultBranch: row.default_branch,
});

export function createBranchesService(deps: {
  db: Kysely<DB>;
  branches: BranchesRepository;
  directory: BranchDirectoryRepository;
  brands: BrandsRepository;
  settings: { read(): Promise<{ midSilentDays: number }> };
  timeZone: string;
  clock: () => Date;
  /** Each change recorded in its own transaction (docs/decisions/0113). */
  audit?: AuditRecorder;
}) {
  const { db, branches, directory, brands, clock } = deps;
  const audit = createBranchAudit({ audit: deps.audit, branches });

  const covers = (scope: TenantScope, row: BranchRecord) =>
    scopeCoversBrand(scope, { id: row.brand_id, group_id: row.group_id });

  /** The branch, when the caller's scope covers it; otherwise 404. */
  async function branchInScope(
    caller: AuthContext,
    id: string,
    executor?: Parameters<BranchesRepository['findById']>[1],
  ) {
    const row = await branches.findById(id, executor);
    if (!row || !covers(caller.scope, row)) throw notFound();
    return row;
  }

  function refuse(rows: BranchRecord[], action: BranchAction | BulkBranchAction): never {
    const deleting = action === 'delete' || action === 'DELETE';
    throw conflict(
      deleting && rows.some((row) => row.default_branch) ? m.defaultBranchNotDeletable : m.actionNotAllowed,
    );
  }

  /** One row's button (spec 2 §4 'Per-row buttons'). */
  function requireAllowed(caller: AuthContext, row: BranchRecord, action: BranchAction) {
    if (branchActions(ruleRowOf(row), branchActorOf(caller.audience)).includes(action)) return;
    refuse([row], action);
  }

  /** The ticked rows' bulk action (spec 2 §4 'Bulk actions after ticking rows'). */
  function requireBulkAllowed(caller: AuthContext, rows: BranchRecord[], action: BulkBranchAction) {
    const allowed = bulkBranchActions(rows.map(ruleRowOf), branchActorOf(caller.audience));
    if (allowed.some((name) => bulkActionNames[name] === action)) return;
    refuse(rows, action);
  }

  function newBranch(caller: AuthContext, brandId: string, form: BranchForm): Insertable<DB['branches']> {
    return {
      brand_id: brandId,
      ...formColumns(form),
      ...merchantIdColumns(form.merchantIds),
      name: form.name,
      status: 'Pending',
      created_by_user_id: caller.account.id,
      created_by_brand_user: caller.account.entity_type === 'brand',
    };
  }

  /** What approving, rejecting or deleting writes: who decided, their comments and when (spec 2 §4). */
  function decision(
    caller: AuthContext,
    action: BulkBranchAction,
    comments: string,
  ): Updateable<DB['branches']> {
    if (action === 'DELETE') return { status: 'Deleted' };
    const approved = action === 'APPROVE';
    return {
      status: approved ? 'Approved' : 'Rejected',
      approved_by: caller.account.email,
      comments: comments || null,
      activated_at: approved ? clock() : null,
    };
  }

  /**
   * An edit of an existing branch: its new columns; the merchant IDs of a branch that earns are
   * proposed for the operator side's review, since the MIDs decide whose transactions earn at it
   * (merchantIdEditColumns).
   */
  function editColumns(row: BranchRecord, changes: BranchUpdate): Updateable<DB['branches']> {
    const columns = formColumns(changes);
    if (!changes.merchantIds) return columns;
    return { ...columns, ...merchantIdEditColumns(row, merchantIdsAfter(row, changes.merchantIds), clock()) };
  }

  const answered = branchAnswers({ ...deps, branches });

  async function fresh(id: string) {
    const [row] = await answered([(await branches.findById(id))!]);
    return row!;
  }

  return {
    async list(caller: AuthContext, request: BranchListRequest) {
      const { filters } = request;
      const { rows, total } = await branches.listPage({
        brandIds: await listedBrands(brands, caller.scope, request),
        search: effectiveSearch(filters.globalSearch?.value),
        status: filters.dropDown?.value || undefined,
        tracking: request.tracking,
        sort: filters.sortField,
        health: {
          today: localToday(clock(), deps.timeZone),
          timeZone: deps.timeZone,
          silentDays: (await deps.settings.read()).midSilentDays,
        },
        page: request.page,
        limit: request.limit,
      });
      return { data: await answered(rows), pagination: paginationOf(request, total) };
    },

    async add(caller: AuthContext, input: BranchCreate) {
      const brand = await brandInScope(brands, caller.scope, input.brandId);
      const id = await refusingDuplicates(() =>
        db.transaction().execute(async (trx) => {
          await claimMerchantIds(branches, trx, [{ mids: merchantIdsAfter(undefined, input.merchantIds) }]);
          const made = await branches.insert(newBranch(caller, brand.id, input), trx);
          await audit.created(trx, caller, [made]);
          return made;
        }),
      );
      return fresh(id);
    },

    async update(caller: AuthContext, id: string, changes: BranchUpdate) {
      const row = await branchInScope(caller, id);
      requireAllowed(caller, row, 'edit');
      await refusingDuplicates(() =>
        db.transaction().execute(async (trx) => {
          const [locked] = await branches.lockByIds([id], trx);
          if (!locked) throw notFound();
          await claimMerchantIds(branches, trx, [
            { branchId: id, mids: merchantIdsAfter(locked, changes.merchantIds) },
          ]);
          await branches.update([id], editColumns(locked, changes), trx);
          await audit.changed(trx, caller, [locked], 'updated');
        }),
      );
      return fresh(id);
    },

    async remove(caller: AuthContext, id: string) {
      const row = await branchInScope(caller, id);
      requireAllowed(caller, row, 'delete');
      await db.transaction().execute(async (trx) => {
        await branches.update([id], { status: 'Deleted' }, trx);
        await audit.changed(trx, caller, [row], 'deleted');
      });
    },

    /**
     * Approve, reject or delete the ticked branches in one transaction: every one must be in the
     * caller's scope (else 404) and the rules must allow the action on them together (else 409).
     */
    async multiAction(
      caller: AuthContext,
      selectedIds: string[],
      action: BulkBranchAction,
      comments: string,
    ) {
      const ids = [...new Set(selectedIds)];
      await refusingDuplicates(() =>
        db.transaction().execute(async (trx) => {
          const rows = await branches.lockByIds(ids, trx);
          if (rows.length !== ids.length || rows.some((row) => !covers(caller.scope, row))) throw notFound();
          requireBulkAllowed(caller, rows, action);
          // An Updated branch's decision is about its proposed merchant IDs (merchant-ids.ts).
          const updated = rows.filter((row) => row.status === 'Updated').map((row) => row.id);
          const others = ids.filter((id) => !updated.includes(id));
          await branches.update(others, decision(caller, action, comments), trx);
          if (action === 'DELETE') await branches.update(updated, { ...noProposal, status: 'Deleted' }, trx);
          else {
            const reviewed = { approved_by: caller.account.email, comments: comments || null };
            await branches.settleProposals(updated, action === 'APPROVE', reviewed, clock(), trx);
          }
          await audit.changed(trx, caller, rows, audit.actionOf(action));
        }),
      );
    },

    async review(caller: AuthContext, id: string, status: 'Approved' | 'Rejected', comments: string) {
      await this.multiAction(caller, [id], status === 'Approved' ? 'APPROVE' : 'REJECT', comments);
      return fresh(id);
    },

    /**
     * The onboarding wizard's save (merchants/createMultiple): new branches are added, those with an
     * _id updated, all in one transaction. Answers the ids in the order given.
     */
    async createMultiple(caller: AuthContext, items: BranchWizard[]) {
      // Scope first: PGlite is one connection, which the transaction below holds to its end.
      for (const brandId of new Set(items.map((item) => item.brandId))) {
        await brandInScope(brands, caller.scope, brandId);
      }
      return refusingDuplicates(() =>
        db.transaction().execute(async (trx) => {
          const existing = new Map<string, BranchRecord>();
          for (const item of items) {
            if (!item._id) continue;
            const [row] = await branches.lockByIds([item._id], trx);
            if (!row || row.brand_id !== item.brandId) throw notFound();
            requireAllowed(caller, row, 'edit');
            existing.set(row.id, row);
          }
          await claimMerchantIds(
            branches,
            trx,
            items.map((item) => ({
              branchId: item._id,
              mids: merchantIdsAfter(item._id ? existing.get(item._id) : undefined, item.merchantIds),
            })),
          );
          const ids: string[] = [];
          for (const item of items) {
            const row = item._id ? existing.get(item._id) : undefined;
            if (!row) {
              ids.push(await branches.insert(newBranch(caller, item.brandId, item), trx));
              continue;
            }
            await branches.update([row.id], editColumns(row, item), trx);
            ids.push(row.id);
          }
          await audit.created(
            trx,
            caller,
            ids.filter((id) => !existing.has(id)),
          );
          await audit.changed(trx, caller, [...existing.values()], 'updated');
          return ids;
        }),
      );
    },

    /**
     * A branches CSV (brief §6) for one brand: judged by its bytes, every bad row reported with its
     * line number, and all rows stored or none.
     */
    async upload(caller: AuthContext, brandId: string, fileName: string | undefined, body: unknown) {
      const brand = await brandInScope(brands, caller.scope, brandId);
      if (!(body instanceof Uint8Array)) throw badRequest(m.fileRequired);
      if (fileName !== undefined && !/\.csv$/i.test(fileName)) throw badRequest(m.fileNotCsv);
      const text = csvTextOf(body);
      if (!text.ok) throw badRequest(text.reason === 'empty' ? m.fileEmpty : m.fileNotCsv);

      let records;
      try {
        records = parseCsv(text.text);
      } catch (error) {
        if (error instanceof CsvSyntaxError) {
          throw badRequest(m.fileHasErrors, { [`Line ${error.line}`]: error.userMessage });
        }
        throw error;
      }
      const [header, ...rows] = records;
      const columns = header?.cells.map((cell) => cell.trim()) ?? [];
      const columnOf = new Map(branchCsvColumns.map((column) => [column.toLowerCase(), column]));
      const known = columns.map((cell) => columnOf.get(cell.toLowerCase()));
      const exactColumns = known.length === branchCsvColumns.length && new Set(known).size === known.length;
      if (!exactColumns || known.some((column) => !column)) {
        throw badRequest(m.fileHeaderInvalid);
      }
      if (rows.length === 0) throw badRequest(m.fileEmpty);
      if (rows.length > maxBranchCsvRows) throw badRequest(m.fileTooManyRows);

      const errors: Record<string, string> = {};
      const values: Insertable<DB['branches']>[] = [];
      for (const { line, cells } of rows) {
        if (cells.length !== columns.length) {
          errors[`Line ${line}`] = m.fileRowColumns;
          continue;
        }
        const record = Object.fromEntries(known.map((column, index) => [column, cells[index]!])) as Record<
          BranchCsvColumn,
          string
        >;
        const parsed = branchCsvRowSchema.safeParse(branchInputOfCsvRecord(record));
        if (parsed.success) {
          values.push(newBranch(caller, brand.id, { ...parsed.data, kmid: null }));
          continue;
        }
        for (const issue of parsed.error.issues) {
          errors[`Line ${line}, ${csvColumnOf(issue.path)}`] ??= issue.message;
        }
      }
      if (Object.keys(errors).length > 0) throw badRequest(m.fileHasErrors, errors);
      await db.transaction().execute(async (trx) => {
        await claimMerchantIds(
          branches,
          trx,
          values.map((value) => ({ mids: storedMerchantIdsOf(value) })),
        );
        await audit.created(trx, caller, await branches.insertMany(values, trx));
      });
      return values.length;
    },

    async searchDirectory(text: string) {
      return directory.search(text);
    },

    /** A new venue in the directory (the spec's branch-creation service), answering its new kmid. */
    async createDirectoryEntry(caller: AuthContext, input: DirectoryCreate) {
      const brand = await brandInScope(brands, caller.scope, input.brand_id);
      return directory.create({
        merchant_name: input.branch_name,
        address: input.address ?? null,
        postcode: input.postcode ?? null,
        city: input.city ?? null,
        email: input.email ?? null,
        phone_no: input.phone_no ?? null,
        entity_url: input.entity_url ?? input.tripadvisorUrl ?? null,
        datasource: 'ui',
        brand_id: brand.id,
        created_by_user_id: caller.account.id,
      });
    },
  };
}

export type BranchesService = ReturnType<typeof createBranchesService>;
