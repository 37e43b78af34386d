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

const small = { ...common, width: 22, height: 22, strokeWidth: 2.25 };

export const CameraIcon = () => (
  <svg {...small} aria-hidden="true" focusable="false">
    <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
    <circle cx="12" cy="13" r="3.5" />
  </svg>
);

export const PhotoIcon = () => (
  <svg {...small} aria-hidden="true" focusable="false">
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3 16l5-5 4 4 3-3 6 6" />
  </svg>
);
