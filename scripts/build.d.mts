/** Builds the web app into dist/web and the server into dist/server. */
export function buildAll(): Promise<void>;
