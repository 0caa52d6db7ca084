import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInForm } from '@/components/layout/sign-in-form';
import { hasSession, isPasswordRequired } from '@/lib/dashboard/server/session';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

export default async function Page({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const { next } = await searchParams;
  // Only same-site paths: an open redirect after sign-in would be a phishing aid.
  const target = next && next.startsWith('/') && !next.startsWith('//') ? next : '/tasks';
  if (!isPasswordRequired() || (await hasSession())) redirect(target);
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <SignInForm next={target} />
    </main>
  );
}
