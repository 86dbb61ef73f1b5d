// The axe rules the layout bar (screens.ts) leaves out: only those that can report nothing above
// moderate. Read from axe-core's rule list; if its shape changed, the list would be empty.
import { expect, it } from 'vitest';
import { lowImpactAxeRules } from './screens.js';

it('leaves out the moderate and minor rules (landmarks, heading order) and none that can report a serious or critical violation', () => {
  const left = lowImpactAxeRules();
  expect(left).toEqual(expect.arrayContaining(['region', 'heading-order', 'landmark-one-main', 'page-has-heading-one']));
  for (const rule of ['color-contrast', 'image-alt', 'button-name', 'label', 'link-name', 'aria-dialog-name', 'label-content-name-mismatch', 'scrollable-region-focusable']) {
    expect(left).not.toContain(rule);
  }
});
