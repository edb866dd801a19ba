/** A run's duration as text: `12.34s` under a minute, `2m 5s` above. */
export function timeTaken(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(2)}s`;
  const m = Math.floor(seconds / 60);
  return `${m}m ${Math.round(seconds - m * 60)}s`;
}
