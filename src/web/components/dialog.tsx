import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A dialog shown while it is rendered (the caller decides when), centred, whose close button is
 * named for assistive technology by `closeLabel`.
 */
export function Dialog({
  title,
  onClose,
  closeLabel,
  children,
}: {
  title: ReactNode;
  onClose: () => void;
  closeLabel: string;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': closeLabel }}>
      {children}
    </Modal>
  );
}
