import { glossaryEntries } from '../../../../shared/words/glossary';
import text from '../../theme/text.module.css';
import styles from './WordsUsedHere.module.css';

/**
 * Every expert word the app shows, with its plain meaning: the same words a term gives on hover,
 * gathered for someone who meets them in a forum post or a report rather than on a screen.
 */
export function WordsUsedHere() {
  return (
    <section aria-labelledby="words-title" className={styles.words} data-testid="words-used-here">
      <h2 id="words-title">Words used here</h2>
      <p className={text.muted}>
        What the expert words in NASBench mean. On any screen, a dotted underline marks such a word: point at it or move
        to it with Tab to see what it means.
      </p>
      <details>
        <summary data-testid="words-open">Show all {glossaryEntries().length} words</summary>
        <dl className={styles.list}>
          {glossaryEntries().map(({ id, entry }) => (
            <div key={id} data-word={id}>
              <dt>{entry.term}</dt>
              <dd>{entry.plain}</dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}
