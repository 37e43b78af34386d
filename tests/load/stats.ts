/** Latency percentile by nearest rank over raw samples (ms); NaN when there are none. */
export function percentile(sortedSamples: ArrayLike<number>, p: number): number {
  const count = sortedSamples.length;
  if (count === 0) return Number.NaN;
  const rank = Math.min(count, Math.max(1, Math.ceil((p / 100) * count)));
  return sortedSamples[rank - 1]!;
}

/** The median by nearest rank (the lower middle value of an even count); NaN when there are none. */
export function median(values: readonly number[]): number {
  return percentile(Float64Array.from(values).sort(), 50);
}

/** Grows as responses arrive; sorting happens once, when the run is summarised. */
export class LatencySamples {
  private values = new Float64Array(1024);
  private size = 0;

  add(ms: number): void {
    if (this.size === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.size++] = ms;
  }

  get count(): number {
    return this.size;
  }

  sorted(): Float64Array {
    return this.values.slice(0, this.size).sort();
  }
}

export function formatMs(ms: number | null): string {
  // NaN (no sample) is written to the JSON as null, and read back so by the next run's comparison.
  if (ms === null || Number.isNaN(ms)) return '-';
  return ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : ms.toFixed(0);
}

export function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`;
}

/** A plain fixed-width text table: first column left-aligned, the others right-aligned. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}
