import { Stack, Text, Title } from '@mantine/core';
import { legalMessages } from '../../../shared/messages';
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
        <Text key={paragraph.slice(0, 24)}>{paragraph.replaceAll('{operator}', operator)}</Text>
      ))}
      {brand?.contactEmail && <Text>{legalMessages.contact.replace('{email}', brand.contactEmail)}</Text>}
    </Stack>
  );
}
