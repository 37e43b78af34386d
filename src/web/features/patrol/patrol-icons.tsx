/** The answer's shapes, so no answer is told by its colour alone (colour-blind officers, sunlight). */
const common = {
  width: 56,
  height: 56,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 3,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
};

export const CoveredIcon = () => (
  <svg {...common} aria-hidden="true" focusable="false">
    <path d="M4 12.5l5 5L20 6.5" />
  </svg>
);

export const NotCoveredIcon = () => (
  <svg {...common} aria-hidden="true" focusable="false">
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);

export const NoticesIcon = () => (
  <svg {...common} aria-hidden="true" focusable="false">
    <path d="M12 3L2 20h20L12 3z" />
    <path d="M12 10v4M12 17.5v.5" />
  </svg>
);
