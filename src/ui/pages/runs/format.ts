const INT = new Intl.NumberFormat("en");

/** 1234567 → "1,234,567". */
export const count = (n: number): string => INT.format(Math.round(n));

/** Seconds as "42 s", "3 min 05 s", "1 h 02 min". */
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return "–";
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;
}

/** Whether a status is final. */
export const ended = (status: string): boolean => status === "success" || status === "failed";
