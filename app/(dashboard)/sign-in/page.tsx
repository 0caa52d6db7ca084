import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { SignInForm } from '@/components/layout/sign-in-form';
import { safeNext } from '@/lib/dashboard/safe-next';
import { hasSession, isPasswordRequired } from '@/lib/dashboard/server/session';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

export default async function Page({
  searchParams,
}: {
  searchParams: Promise<{ next?: string | string[] }>;
}) {
  const { next } = await searchParams;
  // Only this dashboard's own pages: an open redirect after sign-in would be a phishing aid.
  const h = await headers();
  const target = safeNext(next, `${h.get('x-forwarded-proto') ?? 'http'}://${h.get('host') ?? 'localhost'}`);
  if (!isPasswordRequired() || (await hasSession())) redirect(target);
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <SignInForm next={target} />
    </main>
  );
}
