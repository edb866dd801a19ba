import type { Data } from "apache-arrow";
import { ColumnWriter, type Ranges } from "./column-writer.ts";
import { ColumnStats } from "./statistics.ts";
import { type ColumnEncoding, EncodingKind, type StripeSink } from "./stripe-sink.ts";

/** The [start, end) runs of valid slots within `ranges`: what a nested column passes its children. */
export function validRuns(data: Data, ranges: Ranges, bitmap: Uint8Array | null): number[] {
  if (bitmap === null) return ranges.slice();
  const runs: number[] = [];
  for (let r = 0; r < ranges.length; r += 2) {
    let runStart = -1;
    const end = ranges[r + 1]!;
    for (let i = ranges[r]!, bit = data.offset + i; i < end; i++, bit++) {
      const valid = ((bitmap[bit >> 3]! >> (bit & 7)) & 1) === 1;
      if (valid && runStart < 0) runStart = i;
      else if (!valid && runStart >= 0) {
        runs.push(runStart, i);
        runStart = -1;
      }
    }
    if (runStart >= 0) runs.push(runStart, end);
  }
  return runs;
}

/** struct columns: only PRESENT; each field is a child column holding the non-null rows. */
export class StructColumnWriter extends ColumnWriter {
  constructor(id: number, fields: ColumnWriter[]) {
    super(id);
    this.children.push(...fields);
  }

  protected appendValues(data: Data, ranges: Ranges, bitmap: Uint8Array | null): void {
    const runs = validRuns(data, ranges, bitmap);
    for (let f = 0; f < this.children.length; f++) this.children[f]!.append(data.children[f]!, runs);
  }

  protected valueBytes(): number {
    return 0;
  }

  protected newStats(): ColumnStats {
    return new ColumnStats();
  }

  protected openStreams(_sink: StripeSink): void {}

  protected recordPositions(_positions: number[]): void {}

  protected writeGroup(): void {}

  protected closeStreams(): void {}

  /** This kind has no RLE version choice: readers expect DIRECT. */
  protected override encoding(): ColumnEncoding {
    return { kind: EncodingKind.DIRECT };
  }

  protected resetValues(): void {}
}
