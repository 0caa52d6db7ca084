import { expect, test } from './support/test';
import { companyFacts } from '../tests/fixtures/site/facts';
import { createTaskViaApi } from './support/engine-api';
import { SITE } from './support/env';
import { shootStep } from './support/shots';

// The wizard's sample run: the first good rows run one by one before launch, each answer shown with its
// confidence and source, the pace extrapolated to the whole file, and the answers kept when the file is
// read again (a new column mapping re-validates it).

test('a sample run shows its answers and sources, extrapolates, and survives re-validation', async ({
  page,
}) => {
  const taskId = await createTaskViaApi(page.request, 'Find the contact email address of a company website');
  const ns = [41, 42, 43, 44, 45, 46];
  const csv = ['Account,Website,Owner', ...ns.map((n) => `acct-${n},${SITE()}/co/${n}/,Dana`)].join('\n');
  await page.goto(`/batches/new?task=${taskId}`);
  await page.getByLabel('Batch input file').setInputFiles({
    name: 'accounts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv + '\n'),
  });
  await expect(page.getByTestId('preflight-rows')).toHaveText('6');

  const sample = page.getByTestId('sample-run');
  await sample.getByRole('button', { name: 'Run 3 sample rows' }).click();
  for (const [i, n] of ns.slice(0, 3).entries()) {
    const card = page.getByTestId(`sample-row-${i}`);
    await expect(card).toContainText('answered', { timeout: 30_000 });
    await expect(card).toContainText(companyFacts(n).email);
  }
  // Extrapolated from the sample's own pace to the 6 rows of the file.
  await expect(page.getByTestId('sample-pace')).toContainText(/a row \(median of 3\)/);
  await expect(page.getByTestId('sample-pace')).toContainText('whole file (6 rows');

  // Every answer's source, on demand.
  const first = page.getByTestId('sample-row-0');
  await first.getByText('Answers and sources').click();
  const answers = first.getByRole('table', { name: 'Extracted fields' });
  await expect(answers).toContainText(companyFacts(41).email);
  await expect(answers).toContainText(`/co/41/contact`);
  await shootStep(page, 'sample-run');

  // Map the data_uuid column by hand: the file is read and validated again, the answers stay.
  await page.getByLabel('Column for data_uuid').selectOption('Account');
  await expect(page.getByRole('table', { name: 'Preview' })).toContainText('acct-41');
  await expect(page.getByTestId('sample-row-0')).toContainText(companyFacts(41).email);
  await expect(sample.getByRole('button', { name: 'Run the sample again' })).toBeVisible();
});
