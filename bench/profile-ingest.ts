import { benchApp } from './harness.ts';
import { benchIngestion } from './ingestion.ts';
const rows = Number(process.env.ROWS ?? 100000);
const bench = await benchApp();
const spent = new Map<string, { ms: number; calls: number }>();
const wrap = <T extends object>(repository: T): T =>
  new Proxy(repository, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        const t0 = performance.now();
        try {
          return await value.apply(target, args);
        } finally {
          const entry = spent.get(String(key)) ?? { ms: 0, calls: 0 };
          entry.ms += performance.now() - t0;
          entry.calls += 1;
          spent.set(String(key), entry);
        }
      };
    },
  });
const run = await benchIngestion(bench.database, { rows, timeZone: bench.config.timezone, wrap });
console.log(JSON.stringify({ ...run, result: { ...run.result, errors: run.result.errors.slice(0, 3) } }));
console.log([...spent].map(([k, v]) => `${k}: ${v.ms.toFixed(0)} ms / ${v.calls}`).join('\n'));
await bench.close();
