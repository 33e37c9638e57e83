import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button/copy-button';
import styles from './provable.module.css';

/** The reference of docs/provably-fair.md: anyone can re-derive a shoe with stock Python 3. */
const PYTHON = `import base64, hashlib, random

def shoe(player_seed_b64: str, house_seed_b64: str) -> list[int]:
    key = base64.b64decode(player_seed_b64) + base64.b64decode(house_seed_b64)
    rng = random.Random(int.from_bytes(key, "little"))
    cards = list(range(208))
    rng.shuffle(cards)
    return cards

def house_seed_hash(house_seed_b64: str) -> str:
    return base64.b64encode(hashlib.sha256(base64.b64decode(house_seed_b64)).digest()).decode()`;

/** The Python expressions of a card's rank and suit, quoted in the note under the code (the same in every language). */
const PYTHON_CARD = { rank: 'c % 13 + 1', suit: '["Heart", "Diamond", "Club", "Spade"][(c % 52) // 13]' };

/** How the scheme works, step by step, and the Python that re-derives a shoe anywhere. */
export function HowItWorks({ headingId }: { headingId: string }) {
  const { t } = useTranslation();
  return (
    <section className={`panel ${styles.panel} ${styles.explain}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{t('provable.howTitle')}</h2>
      <ol className={styles.how}>
        <li>{t('provable.how.commit')}</li>
        <li>{t('provable.how.seed')}</li>
        <li>{t('provable.how.shuffle')}</li>
        <li>{t('provable.how.reveal')}</li>
      </ol>
      <div className={styles.codeHead}>
        <h3>{t('provable.pythonTitle')}</h3>
        <CopyButton text={PYTHON} label={t('provable.copyCode')} />
      </div>
      <pre className={styles.code}>
        <code>{PYTHON}</code>
      </pre>
      <p className={styles.muted}>{t('provable.pythonNote', PYTHON_CARD)}</p>
    </section>
  );
}
