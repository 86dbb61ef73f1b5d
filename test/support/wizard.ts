// The title registration wizard's steps as a person clicks them, for the browser tests that go through it.
import type { Page } from 'playwright-core';

/** Step 1 with its three required fields, then Next to step 2 (which fills in the contact fields). */
export async function fillWorkDetails(page: Page, title: string): Promise<void> {
  await page.getByLabel('Title of work').fill(title);
  await page.getByLabel('Material type').selectOption('Manuscript');
  await page.getByLabel('Intended medium').selectOption('PRINT LITERARY');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('40% complete').waitFor();
}
