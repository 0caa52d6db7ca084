import Link from 'next/link';

export default function NotFound() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-xl font-semibold">Page not found</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        <Link href="/tasks" className="text-brand-600 underline dark:text-brand-100">
          Back to tasks
        </Link>
      </p>
    </div>
  );
}
