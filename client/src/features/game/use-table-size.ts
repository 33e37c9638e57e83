import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { GEOMETRY, type TableSize } from './table-layout';

const SMALL_QUERY = '(max-width: 799.98px)';

/** Spec §9: the small table under 800 px of width, the large one otherwise. */
export function useTableSize(): TableSize {
  const [small, setSmall] = useState(() => window.matchMedia(SMALL_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(SMALL_QUERY);
    const change = () => setSmall(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return small ? 'small' : 'large';
}

/** The stage is drawn on the table's own grid and scaled to the width it is given. */
export function useFitScale(size: TableSize) {
  const ref = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setScale(el.clientWidth / GEOMETRY[size].width);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [size]);
  return { ref, scale };
}
