/** The source files' count and newest modification time, as dist/build.json records them. */
export interface SourceStamp {
  readonly files: number;
  readonly newest: number;
}
export function sourceStamp(root: string): SourceStamp;
export function bundleIsFresh(root: string): boolean;
