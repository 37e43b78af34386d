import { Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import type { PermitProduct } from '../../../shared/contract';
import { formatPassMessage, passMessages, passScreenMessages } from '../../../shared/messages';
import { useTenantTimeZone } from '../../app/brand';
import { useIsHydrated } from '../../app/use-is-hydrated';
import { FailureAlert } from '../../components/form-alerts';
import { useProductImages } from './catalogue-api';
import { describeProductTime, formatProductPrice } from './pass-presenters';
import { WaitlistJoin } from './waitlist-join';

/** One pass product of a catalogue: picture, name, price, how long, approval and sold-out state. */
export function ProductCard(props: {
  product: PermitProduct;
  onChoose: (product: PermitProduct) => void;
  isChecking: boolean;
  problem: string | null;
}) {
  const { product, onChoose, isChecking, problem } = props;
  const timeZone = useTenantTimeZone();
  const isHydrated = useIsHydrated();
  const images = useProductImages(product.uuid);
  const image = images.data?.[0];
  const titleId = `product-${product.uuid}-name`;

  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="article"
      aria-labelledby={titleId}
      data-testid="product-card"
      className="pass-product-card"
    >
      {image && (
        <Card.Section mb="sm">
          <Image
            src={image.url}
            alt={formatPassMessage(passScreenMessages.productImageAlt, { name: product.name, n: 1 })}
            h={140}
            fit="cover"
          />
        </Card.Section>
      )}
      <Stack gap="xs" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={2} size="h4" id={titleId}>
            {product.name}
          </Title>
          <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }} data-testid="product-price">
            {formatProductPrice(product)}
          </Text>
        </Group>
        {product.description && (
          <Text size="sm" c="dimmed">
            {product.description}
          </Text>
        )}
        <Text size="sm">{describeProductTime(product, timeZone)}</Text>
        <Group gap="xs">
          {!product.isAutoApproved && (
            <Badge variant="light" color="yellow" c="dark.8">
              {passMessages.needsAdminApproval}
            </Badge>
          )}
          {product.isSoldOut && (
            <Badge variant="light" color="red" c="red.9">
              {passMessages.soldOutBadge}
            </Badge>
          )}
        </Group>
        <FailureAlert message={problem} testId="product-problem" />
      </Stack>
      {product.isSoldOut && product.hasWaitlist && isHydrated ? (
        <WaitlistJoin product={product} />
      ) : (
        <Button
          mt="md"
          fullWidth
          disabled={product.isSoldOut || !isHydrated}
          loading={isChecking}
          onClick={() => onChoose(product)}
          aria-label={`${passScreenMessages.choosePass} ${product.name}`}
        >
          {product.isSoldOut ? passMessages.soldOutBadge : passScreenMessages.choosePass}
        </Button>
      )}
    </Card>
  );
}
