// What people wrote (a title, a name, a file name, a message), shown in the direction it is written
// in: dir="auto" takes the direction from the text's first strong character, so an Arabic or Hebrew
// title reads right to left, its brackets and trailing number on the correct side, while the page
// around it stays left to right. Inline (the default) it is a <bdi>, which also keeps a right-to-left
// text from reordering the sentence it sits in; `as` gives it the element a block of its own needs.
import type { HTMLAttributes } from 'react';

type Element = 'bdi' | 'p' | 'h1' | 'h3' | 'dd';

export function UserText({ as: Tag = 'bdi', ...props }: HTMLAttributes<HTMLElement> & { as?: Element }) {
  return <Tag {...props} dir="auto" />;
}
