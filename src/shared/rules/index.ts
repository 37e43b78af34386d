export * from './citation-banner';
export * from './citation-status';
export * from './citation-total';
export * from './late-penalties';
export * from './luminance';
export * from './search-normalisation';
