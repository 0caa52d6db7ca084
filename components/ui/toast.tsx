'use client';
import { CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { cn } from '@/lib/dashboard/cn';

type Tone = 'success' | 'error' | 'info';
interface Toast {
  id: number;
  title: string;
  description?: string;
  tone: Tone;
}
type Push = (t: Omit<Toast, 'id'>) => void;

const ToastContext = createContext<Push>(() => undefined);
const ICONS = { success: CheckCircle2, error: XCircle, info: Info };
// Errors stay until dismissed: they usually carry something to act on.
const DURATION: Record<Tone, number | null> = { success: 4000, info: 4000, error: null };

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((ts) => ts.filter((t) => t.id !== id)), []);
  const push = useCallback<Push>(
    (t) => {
      const id = Date.now() + Math.random();
      setToasts((ts) => [...ts.slice(-3), { ...t, id }]);
      const ms = DURATION[t.tone];
      if (ms) setTimeout(() => dismiss(id), ms);
    },
    [dismiss],
  );
  const value = useMemo(() => push, [push]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-96 max-w-[calc(100vw-2rem)] flex-col gap-2"
      >
        {toasts.map((t) => {
          const Icon = ICONS[t.tone];
          return (
            <div
              key={t.id}
              role={t.tone === 'error' ? 'alert' : 'status'}
              className={cn(
                'pointer-events-auto flex items-start gap-2 rounded-md border bg-white p-3 text-sm shadow-lg dark:bg-slate-900',
                t.tone === 'error'
                  ? 'border-red-300 dark:border-red-800'
                  : 'border-slate-200 dark:border-slate-700',
              )}
            >
              <Icon
                aria-hidden
                className={cn(
                  'mt-0.5 size-4 shrink-0',
                  t.tone === 'error'
                    ? 'text-red-700 dark:text-red-400'
                    : t.tone === 'success'
                      ? 'text-emerald-700 dark:text-emerald-400'
                      : 'text-brand-600',
                )}
              />
              <div className="min-w-0 flex-1">
                <p className="font-medium">{t.title}</p>
                {t.description && (
                  <p className="mt-0.5 break-words text-slate-600 dark:text-slate-400">{t.description}</p>
                )}
              </div>
              <button
                type="button"
                aria-label="Dismiss"
                onClick={() => dismiss(t.id)}
                className="rounded p-0.5 text-slate-500 hover:text-slate-900 dark:hover:text-white"
              >
                <X aria-hidden className="size-4" />
              </button>
            </div>
          );
        })}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): Push {
  return useContext(ToastContext);
}
