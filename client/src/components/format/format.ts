import { useFormats } from '@/i18n/use-localized-path';

/** Date and time of a table row in the language of the catalog on screen. */
export function useDateTimeFormat(): (iso: string) => string {
  return useFormats().dateTime;
}

/** `lnbcrt10u1pj…q7x8k2`: long payment requests, addresses and ids keep their start and end. */
export function truncateMiddle(text: string, head = 12, tail = 8): string {
  return text.length <= head + tail + 1 ? text : `${text.slice(0, head)}…${text.slice(-tail)}`;
}

/** A random UUID, also where `crypto.randomUUID` is missing (plain http on a LAN address). */
export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
