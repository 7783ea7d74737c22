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
  tables: RegExp;
  listener: (touched: Touched) => void;
  attribute?: Attribution;
}

const begins = /^\s*(begin|start\s+transaction)\b/i;
const commits = /^\s*(commit|end)\b/i;
const rollsBack = /^\s*rollback\b(?!\s+to\b)/i;
const writes = /\b(insert|update|delete|merge|truncate|copy)\b/i;

/** The tenants of one more write added to those a transaction has touched so far. */
function joined(so: Touched | undefined, more: readonly string[] | undefined): Touched {
  if (so === 'all' || !more) return 'all';
  return new Set([...(so ?? []), ...more]);
}

/**
 * Tells listeners once a write to a watched table is committed through this process's
 * connections: after an autocommit statement, or after the COMMIT of a transaction that made one.
 * It reads each statement's text on its connection, so no code path that writes is missed; a
 * statement that merely names a table beside a write word counts too, which only costs a call.
 * A watch with an attribution also hears which tenants the transaction's writes touched.
 */
export class CommittedWrites {
  private readonly watches: Watch[] = [];

  /** Calls `listener` after each committed write naming one of `tables`. */
  watch(tables: readonly string[], listener: (touched: Touched) => void, attribute?: Attribution) {
    this.watches.push({ tables: new RegExp(`\\b(${tables.join('|')})\\b`, 'i'), listener, attribute });
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
      const hits = writes.test(text) ? this.watches.filter((watch) => watch.tables.test(text)) : [];
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
