import { cardClass } from './Card';
import { classNames } from './class-names';
import text from '../theme/text.module.css';

/** While the probe runs: what the app is doing, where its findings will appear. */
export function ProbingStatus() {
  return (
    <p role="status" className={classNames(cardClass, text.muted)}>
      Finding out what this NAS is and how this computer reaches it…
    </p>
  );
}
