type Query = (text: string, ...rest: never[]) => Promise<unknown>;

interface Watch {
  tables: RegExp;
  listener: () => void;
}

const begins = /^\s*(begin|start\s+transaction)\b/i;
const commits = /^\s*(commit|end)\b/i;
const rollsBack = /^\s*rollback\b(?!\s+to\b)/i;
const writes = /\b(insert|update|delete|merge|truncate|copy)\b/i;

/**
 * Tells listeners once a write to a watched table is committed through this process's
 * connections: after an autocommit statement, or after the COMMIT of a transaction that made one.
 * It reads each statement's text on its connection, so no code path that writes is missed; a
 * statement that merely names a table beside a write word counts too, which only costs a call.
 */
export class CommittedWrites {
  private readonly watches: Watch[] = [];

  /** Calls `listener` after each committed write naming one of `tables`. */
  watch(tables: readonly string[], listener: () => void) {
    this.watches.push({ tables: new RegExp(`\\b(${tables.join('|')})\\b`, 'i'), listener });
  }

  /** One lent connection's query function, watched; a transaction keeps its connection until it ends. */
  connection<Q extends Query>(query: Q): Q {
    let inTransaction = false;
    const touched = new Set<Watch>();
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
          if (committed) for (const watch of touched) watch.listener();
          touched.clear();
        }
      }
      const hits = writes.test(text) ? this.watches.filter((watch) => watch.tables.test(text)) : [];
      if (hits.length === 0) return query(text, ...rest);
      if (inTransaction) {
        for (const watch of hits) touched.add(watch);
        return query(text, ...rest);
      }
      try {
        return await query(text, ...rest);
      } finally {
        for (const watch of hits) watch.listener();
      }
    };
    return watched as Q;
  }
}
