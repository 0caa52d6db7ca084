'use client';
import { BookOpen, FlaskConical, Layers, ListChecks, Radar, Settings } from 'lucide-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/lib/dashboard/cn';

const NAV = [
  { href: '/tasks', label: 'Tasks', icon: ListChecks },
  { href: '/batches', label: 'Batches', icon: Layers },
  { href: '/monitors', label: 'Monitors', icon: Radar },
  { href: '/playground', label: 'Playground', icon: FlaskConical },
  { href: '/settings', label: 'Settings', icon: Settings },
  { href: '/api-reference', label: 'API reference', icon: BookOpen },
];

export function Sidebar() {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="flex flex-col gap-0.5 p-3">
      {NAV.map(({ href, label, icon: Icon }) => {
        const active = pathname === href || pathname.startsWith(`${href}/`);
        return (
          <Link
            key={href}
            href={href}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'flex items-center gap-2.5 rounded-md px-2.5 py-2 text-sm font-medium',
              active
                ? 'bg-brand-50 text-brand-700 dark:bg-brand-700/25 dark:text-brand-100'
                : 'text-slate-700 hover:bg-slate-200/60 dark:text-slate-300 dark:hover:bg-slate-800',
            )}
          >
            <Icon aria-hidden className="size-4" />
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
