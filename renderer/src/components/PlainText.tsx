import { Fragment } from 'react';

/**
 * Messages and hints mark commands with backticks (`npm run web`), as the CLI prints them;
 * on screen those parts are shown as code rather than with the backticks.
 */
export function PlainText({ text }: { text: string }) {
  return text
    .split('`')
    .map((part, index) =>
      index % 2 === 1 ? <code key={index}>{part}</code> : <Fragment key={index}>{part}</Fragment>,
    );
}
