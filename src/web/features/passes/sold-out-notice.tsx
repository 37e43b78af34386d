import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { PermitProduct } from '../../../shared/contract';
import { passMessages, passScreenMessages } from '../../../shared/messages';
import { WaitlistJoin } from './waitlist-join';

/**
 * In place of the checkout form when the product opened by its URL is sold out (issue 27): the
 * spec's 409 sentence at once, before anyone fills a form the server would refuse, and the
 * product's waitlist where it keeps one. A guest's checkout says so in the server's HTML.
 */
export function SoldOutNotice({ product, backTo }: { product: PermitProduct; backTo: string }) {
  return (
    <Stack gap="md">
      <Alert color="red" role="alert" data-testid="sold-out">
        <Stack gap="xs" align="flex-start">
          <Text inherit>{passMessages.soldOut}</Text>
          <Anchor component={Link} to={backTo} inherit className="alert-link">
            {passScreenMessages.chooseAnotherPass}
          </Anchor>
        </Stack>
      </Alert>
      {product.hasWaitlist && <WaitlistJoin product={product} />}
    </Stack>
  );
}
