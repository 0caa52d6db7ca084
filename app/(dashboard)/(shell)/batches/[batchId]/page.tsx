import type { Metadata } from 'next';
import { BatchPage } from '@/components/batches/batch-page';

export const metadata: Metadata = { title: 'Batch' };

export default async function Page({ params }: { params: Promise<{ batchId: string }> }) {
  const { batchId } = await params;
  return <BatchPage batchId={decodeURIComponent(batchId)} />;
}
