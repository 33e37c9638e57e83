const pad = (n: number) => String(n).padStart(2, '0');

/** Spec §9: ledger times read M/d/yy h:mm:ss a, in the player's local time. */
export function formatLedgerTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const h = d.getHours() % 12 || 12;
  return `${d.getMonth() + 1}/${d.getDate()}/${pad(d.getFullYear() % 100)} ${h}:${pad(d.getMinutes())}:${pad(d.getSeconds())} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}

/** The same, as [date, time] so a narrow column can break between them. */
export function formatLedgerTimeParts(iso: string): [string, string] {
  const text = formatLedgerTime(iso);
  const space = text.indexOf(' ');
  return space < 0 ? [text, ''] : [text.slice(0, space), text.slice(space + 1)];
}

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
