import type { ReactNode, RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

/**
 * A question before an action that cannot be taken back (cancel a batch, delete a monitor, archive a
 * task): a button that keeps things as they are, which closes it, and the danger button that acts.
 */
export function ConfirmModal({
  dialogRef,
  id,
  title,
  describedBy,
  keepLabel,
  confirmLabel,
  onConfirm,
  pending,
  children,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  id: string;
  title: ReactNode;
  describedBy?: string;
  keepLabel: string;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <Modal
      dialogRef={dialogRef}
      id={id}
      title={title}
      describedBy={describedBy}
      actions={
        <>
          <Button variant="secondary" onClick={() => dialogRef.current?.close()}>
            {keepLabel}
          </Button>
          <Button variant="danger" onClick={onConfirm} isLoading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
