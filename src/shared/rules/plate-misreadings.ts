import { canonicalPlate } from './plates';

/**
 * Characters drivers (and patrol officers) confuse on plates, both ways (issue 15: O/0, I/1,
 * S/5, B/8), and the separators people type that plates are stored without.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  O: '0',
  '0': 'O',
  I: '1',
  '1': 'I',
  S: '5',
  '5': 'S',
  B: '8',
  '8': 'B',
};

/** Positions varied at most: 2^8 = 256 plates to look up, one indexed query. */
const MAX_VARIED_POSITIONS = 8;

/**
 * The plates a search for `plate` may have meant: its canonical form, and every
 * combination of look-alike swaps (up to 8 positions). The plate as searched is not included.
 */
export function plateMisreadings(plate: string): string[] {
  const searched = plate.toUpperCase();
  const base = canonicalPlate(searched);
  const positions = [...base]
    .map((character, index) => (character in LOOK_ALIKES ? index : -1))
    .filter((index) => index >= 0)
    .slice(0, MAX_VARIED_POSITIONS);
  const variants = new Set<string>();
  for (let mask = 0; mask < 2 ** positions.length; mask += 1) {
    const characters = [...base];
    positions.forEach((position, bit) => {
      if (mask & (1 << bit)) characters[position] = LOOK_ALIKES[characters[position]!]!;
    });
    variants.add(characters.join(''));
  }
  variants.delete(searched);
  variants.delete('');
  return [...variants];
}
