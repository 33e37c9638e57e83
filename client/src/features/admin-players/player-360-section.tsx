import type { ReactNode } from 'react';
import styles from './player-360.module.css';

/** One section of the player 360 view: a heading the page's outline and screen readers find, a lead, and its tables. */
export function Section({ id, title, lead, children, aside }: { id: string; title: string; lead: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id} data-testid={`section-${id}`}>
      <div className={styles.sectionHead}>
        <div>
          <h2 id={id} className={styles.sectionTitle}>
            {title}
          </h2>
          <p className={styles.sectionLead}>{lead}</p>
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}

/** A dash where there is nothing to show. */
export function Faint({ children = '—' }: { children?: ReactNode }) {
  return <span className={styles.faint}>{children}</span>;
}
