const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of a local date (the value of an `<input type="date">`). */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function parseDay(day: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

export function shiftDay(day: string, by: number): string {
  const date = parseDay(day) ?? new Date();
  date.setDate(date.getDate() + by);
  return isoDay(date);
}
