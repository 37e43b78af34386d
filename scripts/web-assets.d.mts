/** Moves the .map files of webDir to mapsDir; returns how many. */
export function moveSourceMaps(webDir: string, mapsDir: string): number;
/** Writes FILE.br and FILE.gz beside each compressible file of webDir; returns the files written. */
export function precompressAssets(webDir: string): string[];
