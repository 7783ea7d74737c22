import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ReportingTally } from '@krowd/domain/qualification/reporting-tally';
import type { CopyRows } from '../../db/copy-rows.ts';
import type { DB } from '../../db/database.generated.ts';
import { HeldPurchases } from './held-purchases.ts';
import { PageWriter } from './page-writer.ts';
import type { ReportingStore } from './reporting-store.ts';
import type { NewTransaction, TransactionsRepository } from './transactions.repository.ts';

const notQualified = { outcome: 'notQualified', reason: 'noCampaign', campaignId: null } as const;

/** A purchase of the upload as qualification hands it to the writer. */
function purchase(id: string, amountPence: number): NewTransaction {
  return {
    id,
    publisherId: '00000000-0000-4000-8000-000000000001',
    logId: '00000000-0000-4000-8000-000000000002',
    row: {
      line: 2,
      transactionId: `T-${id}`,
      datetime: '2026-11-02T10:00:00Z',
      occurredAt: new Date('2026-11-02T10:00:00Z'),
      amountPence,
      mid: '10000001',
      cardToken: 'tok_1',
      cardLast4: '4242',
      postcode: null,
      originalTransactionId: null,
      duplicate: false,
    },
    branch: null,
    originalId: null,
    outcome: notQualified,
    localAt: Date.UTC(2026, 10, 2, 10),
    cardNumber: null,
  };
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A promise settled from outside, to hold a statement "on the connection" as long as a test wants. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A writer over a connection that records each statement, each answered when the test says. */
function writerOnRecordedConnection() {
  const statements: string[] = [];
  const answers: ReturnType<typeof deferred>[] = [];
  const answered = (name: string) => {
    statements.push(name);
    const answer = deferred();
    answers.push(answer);
    return answer.promise;
  };
  const repo = {
    insertTransactions: (_trx: unknown, rows: CopyRows) => answered(`copy ${rows.rowCount}`),
    setRefunded: (_trx: unknown, changed: { id: string; refundedPence: number }[]) =>
      answered(`refunded ${changed.map((c) => `${c.id.slice(-1)}=${c.refundedPence}`).join(',')}`),
  } as unknown as TransactionsRepository;
  const reporting = { addTally: () => answered('tally') } as unknown as ReportingStore;
  const held = new HeldPurchases();
  const writer = new PageWriter(
    {} as Transaction<DB>,
    repo,
    reporting,
    'publisher',
    held,
    new ReportingTally(),
    { cards: 1000, cells: 1000 },
  );
  /** Lets every statement sent so far be answered, and the ones they lead to. */
  const answerAll = async () => {
    for (let round = 0; round < 10; round += 1) {
      for (const answer of answers) answer.resolve();
      await new Promise(setImmediate);
    }
  };
  return { writer, held, statements, answers, answerAll };
}

describe('PageWriter: a page sealed while the next look-ups run, sent once they are answered', () => {
  it('writes a purchase with what was refunded of it when its page was sealed; a later refund follows as a change', async () => {
    const { writer, held, statements, answerAll } = writerOnRecordedConnection();
    const row = purchase(uuid(1), 1000);
    const heldPurchase = held.holdNew(row.id, row.row.transactionId, 1000, notQualified);
    writer.add(row, heldPurchase);
    held.refund(heldPurchase, 200);

    writer.seal();
    // Qualifying the next page refunds more of it: that is not in the sealed page.
    held.refund(heldPurchase, 100);
    expect(row.refundedPence).toBe(200);

    await writer.send();
    await answerAll();
    await writer.flush();
    expect(statements).toEqual(['refunded ', 'copy 1', 'refunded 1=300', 'copy 0']);
  });

  it('sends a page only once everything sent before is written', async () => {
    const { writer, statements, answers, answerAll } = writerOnRecordedConnection();
    writer.add(purchase(uuid(1), 1000), null);
    await writer.send();
    expect(statements).toEqual(['refunded ', 'copy 1']);

    writer.add(purchase(uuid(2), 1000), null);
    writer.add(purchase(uuid(3), 1000), null);
    const sending = writer.send();
    await new Promise(setImmediate);
    // The first page's COPY is not answered yet: the second waits, sealed.
    expect(statements).toEqual(['refunded ', 'copy 1']);

    answers[0]!.resolve();
    answers[1]!.resolve();
    await answerAll();
    await sending;
    expect(statements).toEqual(['refunded ', 'copy 1', 'refunded ', 'copy 2']);
  });

  it('reports a write sent alongside the pages when it fails, and sends nothing after it', async () => {
    const { writer, statements } = writerOnRecordedConnection();
    const cards = deferred();
    writer.alongside(cards.promise);
    cards.reject(new Error('duplicate key value violates unique constraint "cards_token_key"'));

    const failure = await writer.failure();
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toContain('cards_token_key');
    writer.add(purchase(uuid(1), 1000), null);
    await expect(writer.send()).rejects.toThrow('cards_token_key');
    expect(statements).toEqual([]);
  });
});
