import { Pickaxe } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { BatchDoneNotifier } from '@/components/batches/batch-done-notifier';
import { ConnectionStatus } from './connection-status';
import { Sidebar } from './sidebar';
import { SignOutButton } from './sign-out-button';
import { ThemeToggle } from './theme-toggle';

/** The frame of every signed-in page: sidebar, header with the upstream's status, main content. */
export function AppShell({ children, canSignOut }: { children: ReactNode; canSignOut: boolean }) {
  return (
    <div className="flex min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {/* The outer column carries the background down the whole page; the inner part stays in view. */}
      <aside className="hidden w-56 shrink-0 border-r border-slate-200 bg-white md:block dark:border-slate-800 dark:bg-slate-900">
        <div className="sticky top-0">
          <Link
            href="/tasks"
            className="flex h-14 items-center gap-2 border-b border-slate-200 px-5 font-semibold dark:border-slate-800"
          >
            <Pickaxe aria-hidden className="size-5 text-brand-600" />
            Quarry
          </Link>
          <Sidebar />
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-10 flex h-14 items-center justify-between gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur md:px-6 dark:border-slate-800 dark:bg-slate-900/90">
          <div className="flex min-w-0 items-center gap-3">
            <span className="font-semibold md:hidden">Quarry</span>
            <ConnectionStatus />
            <BatchDoneNotifier />
          </div>
          <div className="flex items-center gap-1">
            <ThemeToggle />
            {canSignOut && <SignOutButton />}
          </div>
        </header>
        <div className="border-b border-slate-200 bg-white md:hidden dark:border-slate-800 dark:bg-slate-900">
          <Sidebar />
        </div>
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 md:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
