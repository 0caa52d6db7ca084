import type { Metadata } from 'next';
import { NewTaskPage } from '@/components/tasks/new-task-page';

export const metadata: Metadata = { title: 'New task' };

export default function Page() {
  return <NewTaskPage />;
}
