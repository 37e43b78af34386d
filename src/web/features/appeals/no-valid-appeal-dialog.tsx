import { Button, Group, Modal, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { appealMessages } from '../../../shared/messages';
import { paths } from '../../app/page-paths';

/** 'There is no valid appeal...': the only way on is back to the search. */
export function NoValidAppealDialog() {
  const navigate = useNavigate();
  const dismiss = () => navigate(paths.appealSearch());
  return (
    // lockScroll off: the scroll lock injects a <style> element without our CSP nonce.
    <Modal
      opened
      onClose={dismiss}
      title={appealMessages.dialogTitle}
      centered
      withCloseButton={false}
      lockScroll={false}
    >
      <Text>{appealMessages.dialogBody}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={dismiss} data-autofocus>
          {appealMessages.dismiss}
        </Button>
      </Group>
    </Modal>
  );
}
