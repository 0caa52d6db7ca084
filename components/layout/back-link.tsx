import { ArrowLeft } from 'lucide-react';
import Link from 'next/link';

/** The way back to a section's list, above a page's title. */
export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <Link
      href={href}
      className="mb-3 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
    >
      <ArrowLeft aria-hidden className="size-4" /> {children}
    </Link>
  );
}
