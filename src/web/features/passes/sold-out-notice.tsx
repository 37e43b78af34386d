import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { passMessages, passScreenMessages } from '../../../shared/messages';

/**
 * In place of the checkout form when the product opened by its URL is sold out (issue 27): the
 * spec's 409 sentence at once, before anyone fills a form the server would refuse.
 */
export function SoldOutNotice({ backTo }: { backTo: string }) {
  return (
    <Alert color="red" role="alert" data-testid="sold-out">
      <Stack gap="xs" align="flex-start">
        <Text inherit>{passMessages.soldOut}</Text>
        <Anchor component={Link} to={backTo} inherit className="alert-link">
          {passScreenMessages.chooseAnotherPass}
        </Anchor>
      </Stack>
    </Alert>
  );
}
