import { Fragment } from 'react';
import { TermText } from './Term';

/**
 * Messages and hints mark commands with backticks (`npm run web`), as the CLI prints them;
 * on screen those parts are shown as code rather than with the backticks. With `terms`, the
 * expert words outside the code are explained on hover and focus (a command is left as typed).
 */
export function PlainText({ text, terms = false }: { text: string; terms?: boolean }) {
  return text
    .split('`')
    .map((part, index) =>
      index % 2 === 1 ? (
        <code key={index}>{part}</code>
      ) : (
        <Fragment key={index}>{terms ? <TermText text={part} /> : part}</Fragment>
      ),
    );
}
