import { rank } from '../../../shared/scoring.js';

export type Ranked = { id: number; total: number; rank: number };

/**
 * A ranking as the caches hold it (ADR 0023): ids, totals and ranks in typed arrays, 16 bytes a row,
 * where an array of objects took about 70. The public boards keep one per period × level of the whole
 * club, so this is most of what a big club's process holds. Rows are read back as objects on demand.
 */
export class Ranking {
  private byId: { ids: Int32Array; positions: Int32Array } | null = null;

  private constructor(
    private readonly ids: Int32Array,
    private readonly totals: Float64Array,
    private readonly ranks: Int32Array,
  ) {}

  /** Ranks rows with the shared rank() (ties on the figure shown share a rank) and packs them. */
  static of(rows: readonly { id: number; total: number }[]): Ranking {
    const ranked = rank(rows, (r) => r.total);
    const ranking = new Ranking(new Int32Array(ranked.length), new Float64Array(ranked.length), new Int32Array(ranked.length));
    ranked.forEach((r, i) => {
      ranking.ids[i] = r.id;
      ranking.totals[i] = r.total;
      ranking.ranks[i] = r.rank;
    });
    return ranking;
  }

  get length(): number {
    return this.ids.length;
  }

  at(i: number): Ranked {
    return { id: this.ids[i]!, total: this.totals[i]!, rank: this.ranks[i]! };
  }

  slice(start = 0, end = this.length): Ranked[] {
    const out: Ranked[] = [];
    for (let i = Math.max(0, start); i < Math.min(end, this.length); i++) out.push(this.at(i));
    return out;
  }

  /** The rows whose id passes `keep`, in ranking order. */
  filter(keep: (id: number) => boolean): Ranked[] {
    const out: Ranked[] = [];
    for (let i = 0; i < this.length; i++) if (keep(this.ids[i]!)) out.push(this.at(i));
    return out;
  }

  /** A player's total, 0 when not ranked. */
  totalOf(id: number): number {
    const at = this.positionOf(id);
    return at < 0 ? 0 : this.totals[at]!;
  }

  /** A player's place (0-based), or -1: a binary search over the ids, sorted once per ranking (8 bytes a row). */
  positionOf(id: number): number {
    if (!this.byId) {
      const positions = Int32Array.from(this.ids.keys()).sort((a, b) => this.ids[a]! - this.ids[b]!);
      this.byId = { ids: positions.map((p) => this.ids[p]!), positions };
    }
    const { ids, positions } = this.byId;
    let lo = 0;
    let hi = ids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (ids[mid]! === id) return positions[mid]!;
      if (ids[mid]! < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}
