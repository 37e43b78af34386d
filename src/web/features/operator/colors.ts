/** Darker than Mantine's green.9 and red.9, so white text on them meets WCAG AA. */
export const APPROVE_GREEN = '#1E6B30';
export const DENY_RED = '#A51D1D';
