import type { Metadata } from 'next';
import { BatchesPage } from '@/components/batches/batches-page';

export const metadata: Metadata = { title: 'Batches' };

export default function Page() {
  return <BatchesPage />;
}
