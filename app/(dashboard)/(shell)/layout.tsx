import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { AppShell } from '@/components/layout/app-shell';
import { hasSession, isPasswordRequired } from '@/lib/dashboard/server/session';

// Reads the session cookie, so every page under the shell renders per request.
export const dynamic = 'force-dynamic';

export default async function ShellLayout({ children }: { children: ReactNode }) {
  if (!(await hasSession())) redirect('/sign-in');
  return <AppShell canSignOut={isPasswordRequired()}>{children}</AppShell>;
}
