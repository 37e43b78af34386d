/**
 * Colours of status badges, dark enough that white text on them, or they as text on white,
 * meet WCAG AA (4.5:1). Mantine's green.9 (#2B8A3E) and orange.9 fall short with white text.
 */
export const STATUS_COLOURS = {
  good: '#1E6B30',
  attention: '#8A4B00',
  ended: '#495057',
  bad: '#A61E1E',
} as const;
