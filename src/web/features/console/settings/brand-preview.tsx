import { Alert, Box, Group, Stack, Text } from '@mantine/core';
import { formatNumber } from '../../../../shared/format';
import { consoleMessages } from '../../../../shared/messages';
import { fillMessage } from '../../../../shared/messages/fill';
import { AA_NORMAL_TEXT, brandContrastReport, normaliseBrandColor } from '../../../../shared/rules';

/**
 * The portal's header and button in the colour being chosen, with the text colour the luminance
 * rule will pick (black on light colours, white otherwise) and whether that pair meets WCAG AA.
 */
export function BrandPreview({ brandColor, brandTitle }: { brandColor: string; brandTitle: string }) {
  const color = normaliseBrandColor(brandColor);
  const report = brandContrastReport(color);
  const ratio = formatNumber(report.ratio, 2);
  const verdict = report.isAaNormalText
    ? { color: 'green', text: fillMessage(consoleMessages.contrastPass, { ratio }) }
    : report.isAaLargeText
      ? { color: 'yellow', text: fillMessage(consoleMessages.contrastLarge, { ratio }) }
      : { color: 'red', text: fillMessage(consoleMessages.contrastFail, { ratio }) };
  return (
    <Stack gap="xs" aria-live="polite">
      <Text size="sm" fw={500} id="brand-preview-title">
        {consoleMessages.previewTitle}
      </Text>
      <Box
        role="img"
        aria-labelledby="brand-preview-title"
        aria-describedby="brand-preview-verdict"
        p="md"
        bdrs="md"
        bg={`#${color}`}
        c={`#${report.textColor}`}
        data-testid="brand-preview"
      >
        <Group justify="space-between" wrap="wrap">
          <Text fw={700} inherit>
            {brandTitle || '—'}
          </Text>
          <Box
            px="md"
            py={6}
            bdrs="sm"
            className="brand-preview__button"
            bd={`1px solid #${report.textColor}`}
          >
            <Text size="sm" fw={600} inherit>
              {consoleMessages.previewButton}
            </Text>
          </Box>
        </Group>
      </Box>
      <Alert color={verdict.color} c="dark.9" id="brand-preview-verdict" p="xs">
        {verdict.text}
      </Alert>
      <Text size="sm" data-testid="brand-on-white">
        {report.onWhiteRatio >= AA_NORMAL_TEXT
          ? fillMessage(consoleMessages.onWhitePass, { ratio: formatNumber(report.onWhiteRatio, 2) })
          : fillMessage(consoleMessages.onWhiteAdjusted, {
              ratio: formatNumber(report.onWhiteRatio, 2),
              shade: report.linkColorOnWhite,
            })}
      </Text>
    </Stack>
  );
}
