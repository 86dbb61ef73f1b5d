// What people wrote (a title, a name, a file name, a message), shown in the direction it is written
// in: dir="auto" takes the direction from the text's first strong character, so an Arabic or Hebrew
// title reads right to left, its brackets and trailing number on the correct side, while the page
// around it stays left to right. Inline (the default) it is a <bdi>, which also keeps a right-to-left
// text from reordering the sentence it sits in; `as` gives it the element a block of its own needs.
// A sentence that is one string (a toast, document.title) isolates it with `isolate()` from
// `@titleledger/api/schemas/isolate` instead (FSI … PDI, the plain-text <bdi>).
import { Fragment, type HTMLAttributes, type ReactNode } from 'react';

type Element = 'bdi' | 'p' | 'h1' | 'h3' | 'dd';

export function UserText({ as: Tag = 'bdi', ...props }: HTMLAttributes<HTMLElement> & { as?: Element }) {
  return <Tag {...props} dir="auto" />;
}

/** Stands for the person's text while a message function builds its sentence; never in a message itself (private use). */
const SLOT = '\uE000';

/**
 * The sentence `message(value)` (a shared message function, e.g. ADMIN_MESSAGES.deleteRegistrationConfirm)
 * with `value` in a <bdi> of its own: the message's words stay the one shared text, and the title
 * or name in it cannot reorder them.
 */
export function sentenceWith(message: (value: string) => string, value: string): ReactNode {
  const [before = '', ...rest] = message(SLOT).split(SLOT);
  return (
    <>
      {before}
      {rest.map((after, i) => (
        <Fragment key={i}>
          <UserText>{value}</UserText>
          {after}
        </Fragment>
      ))}
    </>
  );
}
