import type { Metadata } from 'next';
import { MonitorPage } from '@/components/monitors/monitor-page';

export const metadata: Metadata = { title: 'Monitor' };

export default async function Page({ params }: { params: Promise<{ monitorId: string }> }) {
  const { monitorId } = await params;
  return <MonitorPage monitorId={decodeURIComponent(monitorId)} />;
}
