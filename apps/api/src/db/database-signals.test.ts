import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../test/server-process.ts';
import { createDatabaseSignals, type SignalHandlers } from './database-signals.ts';

/**
 * LISTEN/NOTIFY between instances survives the loss of its connection (docs/decisions.md 'Serving
 * through database faults'): every listener is told it was lost, the connection is made again with
 * a growing wait, and each listener is told it hears again, after which signals reach it as before.
 * Needs DATABASE_URL; the backend is ended with pg_terminate_backend, as a restart would.
 */
describe.runIf(process.env.DATABASE_URL)('database signals', () => {
  const url = process.env.DATABASE_URL!;
  const closing: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closing.splice(0)) await close();
  });

  const channel = `test_signals_${process.pid}_${Date.now()}`;

  async function notify(channelName: string, payload: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('SELECT pg_notify($1, $2)', [channelName, payload]);
    } finally {
      await client.end();
    }
  }

  function recorder() {
    const events: string[] = [];
    const handlers: SignalHandlers = {
      onSignal: (payload) => events.push(`signal:${payload}`),
      onLost: () => events.push('lost'),
      onHeard: () => events.push('heard'),
    };
    return { events, handlers };
  }

  it('tells its listeners when the connection is lost, listens again, and hears signals after', async () => {
    const signals = createDatabaseSignals(url, notify, { firstRetryMs: 20, maxRetryMs: 200 });
    closing.push(() => signals.close());
    const first = recorder();
    const second = recorder();
    await signals.listen(channel, first.handlers);
    await signals.listen(`${channel}_b`, second.handlers);
    await signals.notify(channel, 'one');
    await until('the first signal', () => first.events.includes('signal:one'));

    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1`, [
        `LISTEN "${channel}_b"`,
      ]);
    } finally {
      await admin.end();
    }
    await until('both listeners to hear again', () =>
      [first, second].every(({ events }) => events.lastIndexOf('heard') > events.indexOf('lost')),
    );
    await signals.notify(channel, 'two');
    await signals.notify(`${channel}_b`, 'three');
    await until(
      'the signals after the loss',
      () => first.events.includes('signal:two') && second.events.includes('signal:three'),
    );

    expect(first.events.filter((event) => event === 'lost')).toHaveLength(1);
    expect(first.events.indexOf('lost')).toBeGreaterThan(first.events.indexOf('signal:one'));
  }, 30_000);

  it('keeps trying while the database refuses, and tells no listener it hears', async () => {
    // A port nothing listens on stands for a database that is down.
    const down = new URL(url);
    down.port = '1';
    const errors: unknown[] = [];
    const failing = createDatabaseSignals(down.toString(), notify, {
      firstRetryMs: 10,
      maxRetryMs: 40,
      onError: (error) => errors.push(error),
    });
    closing.push(() => failing.close());
    const { events, handlers } = recorder();
    await failing.listen(channel, handlers);
    await until('several attempts', () => errors.length >= 3);
    expect(events).toEqual([]);
  }, 30_000);
});
