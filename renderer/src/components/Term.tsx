import {
  Fragment,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import { glossary, markTerms, type TermId } from '../../../shared/words/glossary';
import styles from './Term.module.css';

type TermProps = { children?: ReactNode } & ({ id: TermId; explanation?: never } | { id?: never; explanation: string });

/** Where the tip opens: under the term, kept inside the window. */
interface Place {
  top: number;
  left: number;
}

const tipWidth = 320;
const margin = 8;
/** Long enough to move the pointer from the term onto its tip (which may hold a word to select). */
const closeDelayMs = 200;

/**
 * An expert word with what it means in plain words: shown on hover and on keyboard focus, read out
 * as the word's description, dismissed with Escape. The tip is drawn at the end of the page (or of
 * the open dialog, which alone is not inert), so the sentence around the word keeps its own text.
 */
export function Term({ id, explanation, children }: TermProps) {
  const entry = id ? glossary[id] : null;
  const words = entry?.plain ?? explanation ?? '';
  const tipId = useId();
  const termRef = useRef<HTMLSpanElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const [host, setHost] = useState<Element | null>(null);
  const [place, setPlace] = useState<Place | null>(null);

  useLayoutEffect(() => setHost(termRef.current?.closest('dialog') ?? document.body), []);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);
  useEffect(() => {
    if (!place) return;
    // A tip pinned to where the word was would float away from it: scrolling closes it.
    const close = () => setPlace(null);
    window.addEventListener('scroll', close, true);
    window.addEventListener('resize', close);
    return () => {
      window.removeEventListener('scroll', close, true);
      window.removeEventListener('resize', close);
    };
  }, [place]);

  const open = () => {
    window.clearTimeout(closeTimer.current);
    const box = termRef.current?.getBoundingClientRect();
    if (!box) return;
    const left = Math.max(margin, Math.min(box.left, window.innerWidth - tipWidth - margin));
    setPlace({ top: box.bottom + 4, left });
  };
  const closeSoon = () => {
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setPlace(null), closeDelayMs);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !place) return;
    // Escape closes the tip only; a dialog around it stays open until the next Escape.
    event.preventDefault();
    event.stopPropagation();
    setPlace(null);
  };

  return (
    <>
      <span
        ref={termRef}
        className={styles.term}
        tabIndex={0}
        aria-describedby={tipId}
        data-term={id ?? 'test-name'}
        onMouseEnter={open}
        onMouseLeave={closeSoon}
        onFocus={open}
        onBlur={() => setPlace(null)}
        onKeyDown={onKeyDown}
      >
        {children ?? entry?.term}
      </span>
      {host &&
        createPortal(
          <span
            id={tipId}
            role="tooltip"
            className={styles.tip}
            hidden={!place}
            style={place ? { top: place.top, left: place.left, maxWidth: tipWidth } : undefined}
            data-testid="term-tip"
            onMouseEnter={() => window.clearTimeout(closeTimer.current)}
            onMouseLeave={closeSoon}
          >
            {words}
          </span>,
          host,
        )}
    </>
  );
}

/** A sentence from the words modules with its expert terms explained (each once), the rest as it is. */
export function TermText({ text }: { text: string }) {
  return markTerms(text).map((part, index) =>
    'explanation' in part ? (
      part.id ? (
        <Term key={index} id={part.id}>
          {part.text}
        </Term>
      ) : (
        <Term key={index} explanation={part.explanation}>
          {part.text}
        </Term>
      )
    ) : (
      <Fragment key={index}>{part.text}</Fragment>
    ),
  );
}
