import { useCallback, useState } from 'react';

function read(key: string, fallback: boolean): boolean {
  try {
    const stored = localStorage.getItem(key);
    return stored === null ? fallback : stored === 'on';
  } catch {
    return fallback;
  }
}

/** A switch of the table (sound, the coach) remembered on this device; `fallback` until the player chooses. */
export function usePreference(key: string, fallback: boolean): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => read(key, fallback));
  const set = useCallback(
    (value: boolean) => {
      setOn(value);
      try {
        localStorage.setItem(key, value ? 'on' : 'off');
      } catch {
        // private mode: the choice lasts this visit
      }
    },
    [key],
  );
  return [on, set];
}
