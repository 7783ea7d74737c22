type Query = (text: string, ...rest: never[]) => Promise<unknown>;

/** The tenants a committed write touched, or 'all' when it cannot tell. */
export type Touched = ReadonlySet<string> | 'all';

/**
 * Names the tenants one write statement touches from its text and parameters, or undefined when
 * it cannot (the write then touches them all).
 */
export type Attribution = (
  text: string,
  parameters: readonly unknown[] | undefined,
) => readonly string[] | undefined;

interface Watch {
  tables: ReadonlySet<string>;
  listener: (touched: Touched) => void;
  attribute?: Attribution;
}

const begins = /^\s*(begin|start\s+transaction)\b/i;
const commits = /^\s*(commit|end)\b/i;
const rollsBack = /^\s*rollback\b(?!\s+to\b)/i;
/** The table each INSERT, UPDATE, DELETE, MERGE or COPY writes (a data-modifying WITH included). */
const writeTargets =
  /\b(?:insert\s+into|update|delete\s+from|merge\s+into|copy)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)/gi;
const truncates = /\btruncate\b/i;

/**
 * The tables a statement writes, read from its text: the target of each write, not every table it
 * names, so a statement that only reads a watched table (a join, a sub-select) beside a write to
 * another tells nothing (docs/decisions/0119). TRUNCATE names its tables in a list: every name the
 * statement holds counts. A word after UPDATE that is no table (ON CONFLICT … DO UPDATE SET, FOR
 * UPDATE) only ever names nothing watched.
 */
function writtenTables(text: string): string[] {
  if (truncates.test(text)) return text.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? [];
  return Array.from(text.matchAll(writeTargets), (match) => match[1]!.toLowerCase());
}

/** The tenants of one more write added to those a transaction has touched so far. */
function joined(so: Touched | undefined, more: readonly string[] | undefined): Touched {
  if (so === 'all' || !more) return 'all';
  return new Set([...(so ?? []), ...more]);
}

/**
 * Tells listeners once a write to a watched table is committed through this process's
 * connections: after an autocommit statement, or after the COMMIT of a transaction that made one.
 * It reads each statement's text on its connection, so no code path that writes is missed; what a
 * statement writes is the target of its INSERT, UPDATE, DELETE, MERGE, COPY or TRUNCATE (see
 * `writtenTables`; the schema has no triggers that write elsewhere).
 * A watch with an attribution also hears which tenants the transaction's writes touched.
 */
export class CommittedWrites {
  private readonly watches: Watch[] = [];

  /** Calls `listener` after each committed write naming one of `tables`. */
  watch(tables: readonly string[], listener: (touched: Touched) => void, attribute?: Attribution) {
    this.watches.push({ tables: new Set(tables.map((table) => table.toLowerCase())), listener, attribute });
  }

  /** One lent connection's query function, watched; a transaction keeps its connection until it ends. */
  connection<Q extends Query>(query: Q): Q {
    let inTransaction = false;
    const touched = new Map<Watch, Touched>();
    const watched = async (text: string, ...rest: never[]) => {
      if (begins.test(text)) {
        inTransaction = true;
        touched.clear();
        return query(text, ...rest);
      }
      const committed = commits.test(text);
      if (committed || rollsBack.test(text)) {
        try {
          return await query(text, ...rest);
        } finally {
          inTransaction = false;
          if (committed) for (const [watch, tenants] of touched) watch.listener(tenants);
          touched.clear();
        }
      }
      const written = writtenTables(text);
      const hits =
        written.length === 0
          ? []
          : this.watches.filter((watch) => written.some((table) => watch.tables.has(table)));
      if (hits.length === 0) return query(text, ...rest);
      const parameters = rest[0] as readonly unknown[] | undefined;
      const tenantsOf = (watch: Watch) => watch.attribute?.(text, parameters);
      if (inTransaction) {
        for (const watch of hits) touched.set(watch, joined(touched.get(watch), tenantsOf(watch)));
        return query(text, ...rest);
      }
      try {
        return await query(text, ...rest);
      } finally {
        for (const watch of hits) watch.listener(joined(undefined, tenantsOf(watch)));
      }
    };
    return watched as Q;
  }
}
