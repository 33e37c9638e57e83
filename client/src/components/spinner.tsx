import styles from './spinner.module.css';

export function Spinner({ label, size = 28 }: { label?: string; size?: number }) {
  return (
    <span className={styles.wrap} role="status">
      <span className={styles.spinner} style={{ width: size, height: size }} aria-hidden="true" />
      {label ? <span className="visually-hidden">{label}</span> : null}
    </span>
  );
}

/** A centred loader for a page whose data or code is on its way. */
export function PageLoader({ label }: { label: string }) {
  return (
    <div className={styles.page}>
      <Spinner label={label} size={36} />
    </div>
  );
}
