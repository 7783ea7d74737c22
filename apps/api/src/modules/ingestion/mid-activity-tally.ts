/**
 * The transactions an upload saw at each merchant ID, by local day and local hour (MID health,
 * docs/decisions/0115), summed as rows are stored and written with the upload (migration 0054).
 */

const dayMs = 86_400_000;
const hourMs = 3_600_000;
/** Entries held before they are written, mid-upload: a file over thousands of MIDs and a year. */
export const midActivityFlushEntries = 20_000;

export interface MidActivityRows {
  days: { mid: string; day: string; transactions: number }[];
  hours: { mid: string; hour: number; transactions: number }[];
}

export class MidActivityTally {
  private readonly days = new Map<string, number>();
  private readonly hours = new Map<string, number>();

  /** A transaction at `mid`, its local wall time in ms read as UTC (localTimeAt's `wall`). */
  add(mid: string, wallMs: number) {
    const day = `${mid}\u0000${Math.floor(wallMs / dayMs)}`;
    this.days.set(day, (this.days.get(day) ?? 0) + 1);
    const hour = `${mid}\u0000${Math.floor(wallMs / hourMs) % 24}`;
    this.hours.set(hour, (this.hours.get(hour) ?? 0) + 1);
  }

  get size() {
    return this.days.size + this.hours.size;
  }

  /** What was summed since the last take, emptied. */
  take(): MidActivityRows {
    const split = (key: string) => {
      const at = key.indexOf('\u0000');
      return [key.slice(0, at), Number(key.slice(at + 1))] as const;
    };
    const days = [...this.days].map(([key, transactions]) => {
      const [mid, day] = split(key);
      return { mid, day: new Date(day * dayMs).toISOString().slice(0, 10), transactions };
    });
    const hours = [...this.hours].map(([key, transactions]) => {
      const [mid, hour] = split(key);
      return { mid, hour, transactions };
    });
    this.days.clear();
    this.hours.clear();
    return { days, hours };
  }
}
