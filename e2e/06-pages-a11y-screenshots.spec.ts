import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createTaskViaApi } from './support/engine-api';
import { engineKey, SITE } from './support/env';

// Every page, light and dark: no serious or critical axe violation, and a full-page screenshot kept in
// e2e/screenshots/ (git-ignored) for a person to look at.
const SHOTS = path.join(process.cwd(), 'e2e', 'screenshots');
fs.mkdirSync(SHOTS, { recursive: true });

let taskId = '';
test.beforeAll(async ({ request }) => {
  taskId = await createTaskViaApi(
    request,
    'Find the CEO, founding year and headquarters address of a company',
  );
  // A second version, so the versions tab and diff have something to show.
  await request.patch(`/v0.1/tasks/${taskId}`, {
    headers: { 'x-api-key': engineKey() },
    data: { instruction: 'add the LinkedIn profile URL' },
  });
});

interface PageCase {
  name: string;
  path: () => string;
  ready: (page: Page) => Promise<void>;
}

const PAGES: PageCase[] = [
  {
    name: 'tasks',
    path: () => '/tasks',
    ready: (p) => expect(p.getByRole('table', { name: 'Tasks' })).toBeVisible(),
  },
  {
    name: 'task-new',
    path: () => '/tasks/new',
    ready: (p) => expect(p.getByLabel('What should the task find?')).toBeVisible(),
  },
  {
    name: 'task-definition',
    path: () => `/tasks/${taskId}`,
    ready: (p) => expect(p.getByRole('table', { name: 'Outputs' })).toBeVisible(),
  },
  {
    name: 'task-versions',
    path: () => `/tasks/${taskId}`,
    ready: async (p) => {
      await p.getByRole('tab', { name: /Versions/ }).click();
      await expect(p.getByRole('table', { name: /Differences between/ })).toBeVisible();
    },
  },
  {
    name: 'task-quick-test',
    path: () => `/tasks/${taskId}`,
    ready: async (p) => {
      await p.getByRole('tab', { name: 'Quick test' }).click();
      await p.getByLabel('website').fill(`${SITE()}/acme/`);
      await p.getByRole('button', { name: 'Run quick test' }).click();
      await expect(p.getByTestId('job-result')).toBeVisible({ timeout: 60_000 });
    },
  },
  {
    name: 'batches',
    path: () => '/batches',
    ready: (p) => expect(p.getByRole('heading', { name: 'Batches', level: 1 })).toBeVisible(),
  },
  {
    name: 'monitors',
    path: () => '/monitors',
    ready: (p) => expect(p.getByRole('heading', { name: 'Monitors', level: 1 })).toBeVisible(),
  },
  {
    name: 'playground',
    path: () => '/playground',
    ready: (p) => expect(p.getByLabel('Website')).toBeVisible(),
  },
  {
    name: 'settings',
    path: () => '/settings',
    ready: (p) => expect(p.getByRole('table', { name: 'API keys' })).toBeVisible(),
  },
  {
    name: 'api-reference',
    path: () => '/api-reference',
    ready: async (p) => {
      await expect(p.getByRole('heading', { name: 'Extensions', level: 2 })).toBeVisible();
      await p.locator('details > summary').first().click();
    },
  },
];

for (const theme of ['light', 'dark'] as const) {
  for (const c of PAGES) {
    test(`${c.name} (${theme}): no serious accessibility violation; screenshot`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(c.path());
      await c.ready(page);
      await expect(page.getByTestId('connection-state')).toHaveText('connected');
      await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /dark/ : /^(?!.*dark).*$/);
      await page.screenshot({ path: path.join(SHOTS, `${c.name}-${theme}.png`), fullPage: true });
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        bad.map(
          (v) =>
            `${v.id}: ${v.help} — ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')}`,
        ),
      ).toEqual([]);
    });
  }
}
