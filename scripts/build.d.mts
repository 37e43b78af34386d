/** Builds the web app into dist/web and the server into dist/server. */
export function buildAll(): Promise<void>;
export const WEB_DIR: string;
export const WEB_SOURCE_MAPS_DIR: string;
