import { test as base, expect, type BrowserContext, type ConsoleMessage } from '@playwright/test';

// Every spec imports `test` and `expect` from here. A console error or an uncaught page error in any
// page of the worker's browser fails the test during which it was logged, at that test's teardown,
// listing the messages. That covers the per-test `page` as well as the pages some specs share
// between tests (made in beforeAll with browser.newPage()/newContext()); an error logged outside a
// test (in a beforeAll) counts against the next test, one logged after the last test fails the worker.
//
// A test that provokes an error on purpose declares it first with `expectConsoleError(/pattern/)`:
// only messages matching a declared pattern are let through, for that test only.

type Sink = { errors: string[] };

function describeConsole(msg: ConsoleMessage): string {
  const { url, lineNumber } = msg.location();
  const where = url ? ` (${url}:${lineNumber})` : '';
  return `console.error on ${msg.page()?.url() ?? 'a worker'}: ${msg.text()}${where}`;
}

function watchContext(context: BrowserContext, sink: Sink) {
  context.on('console', (msg) => {
    if (msg.type() === 'error') sink.errors.push(describeConsole(msg));
  });
  context.on('weberror', (e) => {
    const err = e.error();
    sink.errors.push(`uncaught error on ${e.page()?.url() ?? 'a worker'}: ${err.stack ?? err.message}`);
  });
}

export const test = base.extend<
  { consoleGuard: RegExp[]; expectConsoleError: (pattern: RegExp) => void },
  { consoleSink: Sink }
>({
  consoleSink: [
    async ({ browser }, provide) => {
      const sink: Sink = { errors: [] };
      // Every context in the worker, whoever makes it, goes through browser.newContext (browser.newPage
      // and Playwright's own `context` fixture call it too), so wrapping it here sees them all.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        watchContext(context, sink);
        return context;
      };
      await provide(sink);
      browser.newContext = newContext;
      expect(sink.errors, 'console or page errors after the last test of the worker').toEqual([]);
    },
    { scope: 'worker', auto: true },
  ],
  consoleGuard: [
    async ({ consoleSink }, provide) => {
      const allowed: RegExp[] = [];
      await provide(allowed);
      const logged = consoleSink.errors.splice(0);
      const unexpected = logged.filter((e) => !allowed.some((p) => p.test(e)));
      expect(unexpected, 'console or page errors during the test').toEqual([]);
    },
    { auto: true },
  ],
  expectConsoleError: async ({ consoleGuard }, provide) => {
    await provide((pattern) => {
      consoleGuard.push(pattern);
    });
  },
});

export { expect };
