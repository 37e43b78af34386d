import { Stack, Text, Title } from '@mantine/core';
import { legalMessages } from '../../../shared/messages';
import { fillMessage } from '../../../shared/messages/fill';
import { useBrand } from '../../app/brand';

/** The privacy notice and terms of use linked from every page's footer. */
export function LegalPage({ kind }: { kind: 'privacy' | 'terms' }) {
  const brand = useBrand();
  const operator = brand?.brandTitle ?? legalMessages.platformOperator;
  const page = legalMessages[kind];
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>{page.title}</Title>
      {page.paragraphs.map((paragraph) => (
        <Text key={paragraph.slice(0, 24)}>{fillMessage(paragraph, { operator })}</Text>
      ))}
      {brand?.contactEmail && (
        <Text>{fillMessage(legalMessages.contact, { email: brand.contactEmail })}</Text>
      )}
    </Stack>
  );
}
