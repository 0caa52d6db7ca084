'use client';
import { Bell, BellOff } from 'lucide-react';
import { useState } from 'react';
import { isNotifyEnabled, setNotifyEnabled, watchBatch } from '@/lib/dashboard/watched-batches';
import { Button } from '@/components/ui/button';

/** Opt-in browser notification when this batch finishes (asks the browser's permission once). */
export function NotifyToggle({ batchId, disabled }: { batchId: string; disabled: boolean }) {
  // Rendered only in the browser (the batch page shows a skeleton until its data arrives).
  const [on, setOn] = useState(
    () => isNotifyEnabled() && typeof Notification !== 'undefined' && Notification.permission === 'granted',
  );
  if (disabled || typeof window === 'undefined' || !('Notification' in window)) return null;
  const toggle = async () => {
    if (on) {
      setNotifyEnabled(false);
      setOn(false);
      return;
    }
    const permission =
      Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    const granted = permission === 'granted';
    setNotifyEnabled(granted);
    setOn(granted);
    if (granted) watchBatch(batchId);
  };
  return (
    <Button variant="ghost" onClick={toggle} aria-pressed={on}>
      {on ? <Bell aria-hidden className="size-4" /> : <BellOff aria-hidden className="size-4" />}
      {on ? 'Notifying when done' : 'Notify me when done'}
    </Button>
  );
}
