import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LocalizedLink } from '@/components/localized-link';
import styles from './content-widgets.module.css';

/** Seven or more Yes answers of the twenty suggest a gambling problem (spec §9). */
export const PROBLEM_THRESHOLD = 7;

type Answer = 'yes' | 'no';

/**
 * The problem-gambling self-test of the responsible-gaming page: one Yes/No question per item of the list
 * under its marker in the page's Markdown. The result is worked out here, in the browser: nothing is sent
 * or stored, and reloading the page forgets the answers.
 */
export function SelfTest({ questions }: { questions: string[] }) {
  const { t } = useTranslation();
  const id = useId();
  const [answers, setAnswers] = useState<(Answer | null)[]>(() => questions.map(() => null));
  const [shown, setShown] = useState(false);
  const [missing, setMissing] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);

  const answered = answers.filter((a) => a !== null).length;
  const yes = answers.filter((a) => a === 'yes').length;
  const high = yes >= PROBLEM_THRESHOLD;

  const answer = (index: number, value: Answer) => {
    setAnswers((current) => current.map((a, i) => (i === index ? value : a)));
    setShown(false);
    setMissing(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (answered < questions.length) {
      setMissing(true);
      const first = answers.findIndex((a) => a === null);
      document.getElementById(`${id}-q${first}-yes`)?.focus();
      return;
    }
    setShown(true);
    requestAnimationFrame(() => resultRef.current?.focus());
  };

  const reset = () => {
    setAnswers(questions.map(() => null));
    setShown(false);
    setMissing(false);
    document.getElementById(`${id}-q0-yes`)?.focus();
  };

  return (
    <form className={`panel ${styles.panel} ${styles.test}`} onSubmit={submit} noValidate data-testid="self-test">
      <p className={styles.private}>{t('pages.selfTest.private')}</p>
      <ol className={styles.questions}>
        {questions.map((question, index) => (
          <li key={index} className={styles.question}>
            <fieldset>
              <legend>
                <span className={styles.number} aria-hidden="true">
                  {index + 1}
                </span>
                <span className="visually-hidden">{t('pages.selfTest.question', { n: index + 1 })} </span>
                <span dangerouslySetInnerHTML={{ __html: question }} />
              </legend>
              <div className={styles.choices}>
                {(['yes', 'no'] as const).map((value) => (
                  <label key={value} className={`${styles.choice} ${answers[index] === value ? styles.chosen : ''}`}>
                    <input
                      type="radio"
                      id={`${id}-q${index}-${value}`}
                      name={`${id}-q${index}`}
                      value={value}
                      checked={answers[index] === value}
                      onChange={() => answer(index, value)}
                    />
                    {t(`pages.selfTest.${value}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          </li>
        ))}
      </ol>

      <div className={styles.testBar}>
        <p className={styles.progress} aria-live="polite">
          {t('pages.selfTest.progress', { answered, total: questions.length })}
        </p>
        <div className={styles.actions}>
          <button type="submit" className="btn btn-primary">
            {t('pages.selfTest.showResult')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={reset} disabled={answered === 0}>
            {t('pages.selfTest.reset')}
          </button>
        </div>
      </div>
      {missing ? (
        <p className="alert" role="alert">
          {t('pages.selfTest.answerAll', { count: questions.length - answered })}
        </p>
      ) : null}

      {shown ? (
        <div ref={resultRef} tabIndex={-1} className={`${styles.result} ${high ? styles.high : styles.low}`} role="status" data-testid="self-test-result">
          <p className={styles.score}>{t('pages.selfTest.score', { count: yes, total: questions.length })}</p>
          <h3 className={styles.resultTitle}>{high ? t('pages.selfTest.highTitle') : t('pages.selfTest.lowTitle')}</h3>
          <p>{high ? t('pages.selfTest.highText') : t('pages.selfTest.lowText')}</p>
          <div className={styles.actions}>
            <Link to="#help" className={high ? 'btn btn-primary' : 'btn btn-ghost'}>
              {t('pages.selfTest.help')}
            </Link>
            <LocalizedLink to="/profile#limits" className="btn btn-ghost">
              {t('pages.selfTest.limits')}
            </LocalizedLink>
            {high ? (
              <LocalizedLink to="/profile" className="btn btn-ghost">
                {t('pages.selfTest.selfExclude')}
              </LocalizedLink>
            ) : null}
          </div>
        </div>
      ) : null}
    </form>
  );
}
