import { useCallback, useEffect, useRef } from 'react';
import type { HandAction } from '@bahati/contracts';
import type { TableState } from './use-table';

const KEYS: Record<string, 'deal' | 'no' | 'yes' | HandAction> = { h: 'hit', s: 'stand', d: 'double', p: 'split', y: 'yes', n: 'deal' };

/** What a key does at the table now, if anything (a disabled button's key does nothing). */
function moveFor(key: (typeof KEYS)[string], s: TableState): (() => void) | null {
  if (s.busy || s.mode === 'loading') return null;
  if (s.mode === 'insurance' || s.mode === 'evenMoney') {
    const ins = s.mode === 'insurance';
    if (key === 'yes' && s.allowed(ins ? 'insurance' : 'evenmoney')) return () => void s.onAction(ins ? 'insurance' : 'evenmoney');
    if (key === 'deal' && s.allowed(ins ? 'noinsurance' : 'noevenmoney')) return () => void s.onAction(ins ? 'noinsurance' : 'noevenmoney');
    return null;
  }
  if (s.mode === 'playing') {
    if (key !== 'hit' && key !== 'stand' && key !== 'double' && key !== 'split') return null;
    const enabled = s.allowed(key) || ((key === 'double' || key === 'split') && s.blockedByBank(key));
    return enabled ? () => void s.onAction(key) : null;
  }
  if (s.mode === 'betting' && key === 'deal' && (s.bank ?? 0) > 0) return () => void s.onDeal();
  return null;
}

/** Hotkeys (spec: N, H, S, D, P, Y), ignored while a dialog is open or a field has the focus. */
export function useHotkeys(table: TableState, dialogOpen: boolean) {
  const tableRef = useRef(table);
  tableRef.current = table;
  const onKey = useCallback(
    (event: KeyboardEvent) => {
      if (dialogOpen || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      if (document.querySelector('dialog[open]')) return;
      const key = KEYS[event.key.toLowerCase()];
      const run = key ? moveFor(key, tableRef.current) : null;
      if (run) {
        event.preventDefault();
        run();
      }
    },
    [dialogOpen],
  );
  useEffect(() => {
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onKey]);
}
