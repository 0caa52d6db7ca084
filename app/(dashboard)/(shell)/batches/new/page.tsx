import type { Metadata } from 'next';
import { Suspense } from 'react';
import { NewBatchPage } from '@/components/batches/new-batch/new-batch-page';
import { TableSkeleton } from '@/components/ui/skeleton';

export const metadata: Metadata = { title: 'New batch' };

export default function Page() {
  // useSearchParams (?task=) needs a Suspense boundary in a statically rendered page.
  return (
    <Suspense fallback={<TableSkeleton label="Loading" />}>
      <NewBatchPage />
    </Suspense>
  );
}
