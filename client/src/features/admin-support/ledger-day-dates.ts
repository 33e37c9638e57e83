import { isCalendarDate, offsetMinutes } from '@bahati/contracts';

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of a local date (the value of an `<input type="date">`). */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `+03:00` for 180 minutes east of UTC. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** This browser's UTC offset on that day (summer time counted), e.g. `+03:00`. */
export function browserOffset(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const day = isCalendarDate(date) ? new Date(y!, m! - 1, d!, 12) : new Date();
  return formatOffset(-day.getTimezoneOffset());
}

/** Every offset the server takes, -12:00 to +14:00 by quarter hours, and the browser's if it is not on a quarter hour. */
export function offsetChoices(browser: string): string[] {
  const all: string[] = [];
  for (let m = -12 * 60; m <= 14 * 60; m += 15) all.push(formatOffset(m));
  if (!all.includes(browser) && offsetMinutes(browser) !== null) all.push(browser);
  return all.sort((a, b) => offsetMinutes(a)! - offsetMinutes(b)!);
}

/** `2026-03-01 21:00 UTC` from an ISO instant: the day's range as the server holds it, in digits only. */
export function utcMinute(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}
