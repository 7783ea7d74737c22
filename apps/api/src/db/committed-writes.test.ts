import { describe, expect, it } from 'vitest';
import { CommittedWrites } from './committed-writes.ts';

/** A connection whose statements record when they ran, beside the listener's calls. */
function watchedConnection() {
  const events: string[] = [];
  const writes = new CommittedWrites();
  writes.watch(['sessions', 'users'], () => events.push('heard'));
  const query = writes.connection(async (text: string) => {
    events.push(text);
    return { rows: [] };
  });
  return { events, query };
}

describe('CommittedWrites', () => {
  it('tells of an autocommit write to a watched table once it has run', async () => {
    const { events, query } = watchedConnection();

    await query('update "sessions" set "ended_at" = $1 where "id" = $2');

    expect(events).toEqual(['update "sessions" set "ended_at" = $1 where "id" = $2', 'heard']);
  });

  it("tells of a transaction's write only after its COMMIT", async () => {
    const { events, query } = watchedConnection();

    await query('begin');
    await query('update "users" set "password_hash" = $1 where "id" = $2');
    await query('update "sessions" set "ended_at" = $1 where "user_id" = $2');

    expect(events).not.toContain('heard');
    await query('commit');
    expect(events.slice(-2)).toEqual(['commit', 'heard']);
  });

  it('tells nothing of a write rolled back, nor of reads and writes elsewhere', async () => {
    const { events, query } = watchedConnection();

    await query('begin');
    await query('delete from "users" where "id" = $1');
    await query('rollback');
    await query('select "u".* from "users" as "u" where "u"."id" = $1');
    await query('insert into "campaigns" ("name") values ($1)');

    expect(events).not.toContain('heard');
  });

  it('keeps a write made before a savepoint rolled back to', async () => {
    const { events, query } = watchedConnection();

    await query('begin');
    await query('update "users" set "role" = $1');
    await query('savepoint "a"');
    await query('rollback to savepoint "a"');
    await query('commit');

    expect(events.at(-1)).toBe('heard');
  });

  it('hears the table a statement writes, not the tables it only reads', async () => {
    const { events, query } = watchedConnection();

    // A key looked up with its publisher's users in a CTE, counted in another table (decision 0119).
    await query(
      'WITH holder AS (SELECT k.id FROM keys k JOIN users u ON u.id = k.user_id) ' +
        'INSERT INTO rate_limit_counters AS c (key) SELECT id FROM holder ' +
        'ON CONFLICT (key) DO UPDATE SET hits = c.hits + 1',
    );
    await query('update "jobs" set "state" = $1 from "sessions" where "jobs"."id" = "sessions"."id"');
    await query('select * from "users" for update');
    expect(events).not.toContain('heard');

    await query(
      'WITH gone AS (DELETE FROM "sessions" WHERE "id" = $1 RETURNING 1) SELECT count(*) FROM gone',
    );
    expect(events.at(-1)).toBe('heard');
  });

  it('hears every table a TRUNCATE lists', async () => {
    const { events, query } = watchedConnection();

    await query('TRUNCATE jobs, users RESTART IDENTITY');

    expect(events.at(-1)).toBe('heard');
  });

  describe('with an attribution', () => {
    /** Tenants are the parameters of statements on "reports"; anything else cannot say. */
    function attributedConnection() {
      const heard: (string[] | 'all')[] = [];
      const writes = new CommittedWrites();
      writes.watch(
        ['reports', 'names'],
        (touched) => heard.push(touched === 'all' ? 'all' : [...touched].sort()),
        (text, parameters) => (/\breports\b/.test(text) ? (parameters as string[]) : undefined),
      );
      const query = writes.connection(async (_text: string, _parameters?: unknown[]) => ({ rows: [] }));
      return { heard, query };
    }

    it("hears the tenants of a transaction's writes together at its COMMIT", async () => {
      const { heard, query } = attributedConnection();

      await query('begin');
      await query('insert into reports values ($1)', ['b']);
      await query('insert into reports values ($1)', ['a']);
      await query('commit');
      await query('update reports set n = 1 where brand = $1', ['c']);

      expect(heard).toEqual([['a', 'b'], ['c']]);
    });

    it('hears every tenant when one write of the transaction cannot be attributed', async () => {
      const { heard, query } = attributedConnection();

      await query('begin');
      await query('insert into reports values ($1)', ['a']);
      await query('update names set name = $1', ['x']);
      await query('commit');

      expect(heard).toEqual(['all']);
    });
  });
});
