'use client';
import { Pickaxe } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { apiFetch } from '@/lib/dashboard/api-fetch';
import { errorMessage } from '@/lib/dashboard/api-error';
import { safeNext } from '@/lib/dashboard/safe-next';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/field';

export function SignInForm({ next }: { next: string }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await apiFetch('/api/session', { method: 'POST', json: { password } });
      // Checked again here: whatever hands this form its `next`, the browser never leaves the site.
      window.location.assign(safeNext(next, window.location.origin));
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={submit}
      className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="mb-5 flex items-center gap-2">
        <Pickaxe aria-hidden className="size-5 text-brand-600" />
        <h1 className="text-lg font-semibold">Sign in to Quarry</h1>
      </div>
      <Label htmlFor="password">Dashboard password</Label>
      <Input
        id="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoFocus
      />
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <Button type="submit" className="mt-4 w-full" isLoading={busy}>
        Sign in
      </Button>
    </form>
  );
}
