import type { ReactNode } from 'react';
import styles from './page.module.css';

/** The frame of a content screen: centred column with the screen's header on top. */
export function Page({ children }: { children: ReactNode }) {
  return <div className={styles.page}>{children}</div>;
}

interface PageHeaderProps {
  title: ReactNode;
  lead?: ReactNode;
  /** Under the lead, e.g. a help link. */
  children?: ReactNode;
  /** On the right (below on narrow screens): a balance card, an action. */
  aside?: ReactNode;
}

export function PageHeader({ title, lead, children, aside }: PageHeaderProps) {
  return (
    <header className={styles.head}>
      <div className={styles.intro}>
        <h1 className={styles.title}>{title}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
        {children}
      </div>
      {aside}
    </header>
  );
}
