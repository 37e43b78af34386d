import { readdirSync } from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { beforeAll, describe, expect, it } from 'vitest';
import { englishCatalogue, hasIcuArgument, translationsOf } from '../../i18n/catalogue';
import { LOCALE_TAGS, type Locale } from '../../i18n/locales';
import '../../i18n/all-locales';

const MESSAGES_DIR = path.resolve(__dirname, '..');

/** Every English module, so a new one is checked without being listed anywhere. */
beforeAll(async () => {
  const modules = readdirSync(MESSAGES_DIR).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  for (const file of modules) await import(path.join(MESSAGES_DIR, file));
});

interface AstElement {
  type: number;
  value?: string;
  options?: Record<string, { value: AstElement[] }>;
}

/** The argument names a message uses: `{name}` in English, any ICU argument in a translation. */
function placeholders(text: string, locale: Locale): string[] {
  const names = new Set<string>();
  if (locale === 'en' && !hasIcuArgument(text)) {
    for (const match of text.matchAll(/\{(\w+)\}/g)) names.add(match[1]!);
  } else {
    const walk = (elements: AstElement[]) => {
      for (const element of elements) {
        // 1 argument, 2 number, 3 date, 4 time, 5 select, 6 plural (FormatJS's TYPE enum).
        if (element.type >= 1 && element.type <= 6 && element.value) names.add(element.value);
        for (const option of Object.values(element.options ?? {})) walk(option.value);
      }
    };
    walk(new IntlMessageFormat(text, LOCALE_TAGS[locale]).getAst() as AstElement[]);
  }
  return [...names].sort();
}

/** What is wrong with a translation of `english`, one line per problem, at `where`. */
function compare(english: unknown, translated: unknown, locale: Locale, where: string): string[] {
  if (typeof english === 'string') {
    if (typeof translated !== 'string') return [`${where}: missing`];
    let theirs: string[];
    try {
      theirs = placeholders(translated, locale);
    } catch (error) {
      return [`${where}: not valid ICU (${(error as Error).message})`];
    }
    const ours = placeholders(english, 'en');
    return ours.join() === theirs.join()
      ? []
      : [`${where}: placeholders {${ours}} in English, {${theirs}} here`];
  }
  if (Array.isArray(english)) {
    if (!Array.isArray(translated) || translated.length !== english.length)
      return [`${where}: not a list of ${english.length}`];
    return english.flatMap((item, index) => compare(item, translated[index], locale, `${where}[${index}]`));
  }
  if (english && typeof english === 'object') {
    if (!translated || typeof translated !== 'object') return [`${where}: missing`];
    const extra = Object.keys(translated).filter((key) => !(key in english));
    return [
      ...Object.entries(english).flatMap(([key, value]) =>
        compare(value, (translated as Record<string, unknown>)[key], locale, `${where}.${key}`),
      ),
      ...extra.map((key) => `${where}.${key}: not in English`),
    ];
  }
  return [];
}

describe('catalogue parity (issue 30)', () => {
  it('loads every English messages module', () => {
    expect(Object.keys(englishCatalogue)).toEqual(
      expect.arrayContaining(['commonMessages', 'languageMessages']),
    );
  });

  for (const locale of ['fr', 'es'] as const) {
    it(`${locale} has every English key, with the same placeholders, and nothing else`, () => {
      const catalogue = translationsOf(locale) ?? {};
      const problems = Object.entries(englishCatalogue).flatMap(([name, english]) =>
        compare(english, catalogue[name], locale, name),
      );
      problems.push(
        ...Object.keys(catalogue)
          .filter((name) => !(name in englishCatalogue))
          .map((name) => `${name}: no English messages object of this name`),
      );
      expect(problems).toEqual([]);
    });
  }
});

describe('the parity check itself', () => {
  it('reports a missing key, a changed placeholder, bad ICU and an extra key', () => {
    expect(compare({ a: 'Hi {name}', b: 'Bye' }, { a: 'Salut {nom}', c: 'x' }, 'fr', 'm')).toEqual([
      'm.a: placeholders {name} in English, {nom} here',
      'm.b: missing',
      'm.c: not in English',
    ]);
    expect(compare('{count} notices', '{count, plural, one {# avis}', 'fr', 'm.x')[0]).toMatch(
      /not valid ICU/,
    );
    expect(compare('{count} notices', '{count, plural, one {# avis} other {# avis}}', 'fr', 'm.x')).toEqual(
      [],
    );
  });
});
