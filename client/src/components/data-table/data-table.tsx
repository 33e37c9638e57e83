import type { ReactNode } from 'react';
import styles from './data-table.module.css';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'start' | 'end' | 'center';
  /** Shown as the row's headline on narrow screens (stacked layout). */
  primary?: boolean;
  className?: string;
}

export interface DataTableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  /** Read by screen readers as the table's name. */
  caption: string;
  /** Shown in place of the rows when there are none. */
  empty: ReactNode;
  loading?: boolean;
  loadingLabel?: string;
  testId?: string;
  rowTestId?: (row: T) => string;
  /** Label text for each cell on narrow screens; defaults to the column header when it is a string. */
  labelOf?: (column: Column<T>) => string | undefined;
  /** Rows become cards whenever the table's own box is under 820 px (many columns), not only on a phone. */
  cardsByRoom?: boolean;
}

/**
 * A plain table on wide screens; under 640 px (or, with `cardsByRoom`, in a box narrower than 820 px) every
 * row becomes a card whose cells carry their column name, so nothing is cut and nothing scrolls sideways.
 */
export function DataTable<T>({ columns, rows, rowKey, caption, empty, loading, loadingLabel, testId, rowTestId, labelOf, cardsByRoom }: DataTableProps<T>) {
  const label = (column: Column<T>) => labelOf?.(column) ?? (typeof column.header === 'string' ? column.header : undefined);
  return (
    <div className={`${styles.box} ${cardsByRoom ? styles.byRoom : ''}`} data-testid={testId}>
      <div className={styles.wrap}>
        <table className={styles.table}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={styles[column.align ?? 'start']}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows && rows.length > 0
              ? rows.map((row) => (
                  <tr key={rowKey(row)} data-testid={rowTestId?.(row)}>
                    {columns.map((column) => (
                      <td
                        key={column.key}
                        data-label={label(column)}
                        className={[styles[column.align ?? 'start'], column.primary ? styles.primary : '', column.className ?? '']
                          .filter(Boolean)
                          .join(' ')}
                      >
                        <span className={styles.value}>{column.cell(row)}</span>
                      </td>
                    ))}
                  </tr>
                ))
              : null}
          </tbody>
        </table>
        {loading && !rows ? (
          <p className={styles.empty} role="status">
            <span className={styles.pulse} aria-hidden="true" />
            {loadingLabel}
          </p>
        ) : rows && rows.length === 0 ? (
          <p className={styles.empty}>{empty}</p>
        ) : null}
      </div>
    </div>
  );
}
