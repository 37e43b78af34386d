import { afterEach, describe, expect, it } from 'vitest';
import { fillMessage } from '../messages/fill';
import { bulkMessages } from '../messages/outcomes';
import '../messages/passes';
import '../messages/translations/es';
import '../messages/translations/fr';
import { localized, translateEnglish } from './catalogue';
import { setPageLocale } from './current';
import { acceptedLocales, chooseLocale } from './locales';

const sample = localized('catalogueTestMessages', { hello: 'Hello {name}', nested: { a: 'A' } } as const);

afterEach(() => setPageLocale('en'));

describe('localized messages', () => {
  it('answer in the current language, English where a translation has none', () => {
    expect(sample.hello).toBe('Hello {name}');
    setPageLocale('fr');
    // No French for this test object: the English stands in.
    expect(sample.hello).toBe('Hello {name}');
  });

  it('mark every string in the pseudo-locale, placeholders intact', () => {
    setPageLocale('en-XA');
    expect(sample.hello).toMatch(/^⟦Hello \{name\}·+⟧$/);
    expect(sample.nested.a).toMatch(/^⟦A·⟧$/);
    expect(Object.values(sample)[0]).toMatch(/^⟦/);
  });

  it('fill ICU plurals of a translation with FormatJS, and plain placeholders without it', () => {
    setPageLocale('fr');
    expect(fillMessage('{count, plural, one {# avis importé} other {# avis importés}}.', { count: 1 })).toBe(
      '1 avis importé.',
    );
    expect(fillMessage('{count, plural, one {# avis importé} other {# avis importés}}.', { count: 3 })).toBe(
      '3 avis importés.',
    );
    expect(fillMessage('Photo {n} sur {count}', { n: 1, count: 2 })).toBe('Photo 1 sur 2');
  });

  it('pluralise counts given as numbers, in English too, grouped for the language (decision 228)', () => {
    expect(fillMessage(bulkMessages.approveTitle, { count: 1 })).toBe('Approve 1 pass?');
    expect(fillMessage(bulkMessages.approveTitle, { count: 1234 })).toBe('Approve 1,234 passes?');
    expect(fillMessage(bulkMessages.selectedCount, { count: 1234 })).toBe('1,234 selected');
    setPageLocale('fr');
    expect(fillMessage(bulkMessages.selectedCount, { count: 1 })).toBe('1 ligne sélectionnée');
    expect(fillMessage(bulkMessages.selectedCount, { count: 1234 })).toMatch(
      /^1\s234 lignes sélectionnées$/u,
    );
    setPageLocale('es');
    expect(fillMessage(bulkMessages.doneAll, { count: 1 })).toBe('Se cambió 1 registro.');
    expect(fillMessage(bulkMessages.doneAll, { count: 2 })).toBe('Se cambiaron 2 registros.');
  });

  it('translate an English text read before the language was known', () => {
    expect(translateEnglish('Please fill out all fields before updating.', 'fr')).toBe(
      'Veuillez remplir tous les champs avant d’enregistrer.',
    );
    expect(translateEnglish('Not a catalogue text.', 'es')).toBe('Not a catalogue text.');
  });
});

describe('choosing a language', () => {
  it('reads Accept-Language by preference', () => {
    expect(acceptedLocales('de-DE,es-MX;q=0.8,fr;q=0.9,en;q=0.1')).toEqual(['fr', 'es', 'en']);
    expect(acceptedLocales('fr;q=0')).toEqual([]);
  });

  it('takes ?lang, then the cookie, then the saved one, then the browser, then the tenant default', () => {
    const tenant = { languages: ['en', 'fr', 'es'] as const, defaultLanguage: 'fr' as const };
    expect(chooseLocale({ query: 'es', cookie: 'fr', acceptLanguage: 'en' }, tenant)).toBe('es');
    expect(chooseLocale({ cookie: 'es', saved: 'fr', acceptLanguage: 'en' }, tenant)).toBe('es');
    expect(chooseLocale({ saved: 'es', acceptLanguage: 'en' }, tenant)).toBe('es');
    expect(chooseLocale({ acceptLanguage: 'es-419,en;q=0.5' }, tenant)).toBe('es');
    expect(chooseLocale({}, tenant)).toBe('fr');
  });

  it('passes over a language the tenant turned off, and the pseudo-locale outside tests', () => {
    const tenant = { languages: ['en', 'fr'] as const, defaultLanguage: 'en' as const };
    expect(chooseLocale({ query: 'es', acceptLanguage: 'es,fr;q=0.5' }, tenant)).toBe('fr');
    expect(chooseLocale({ query: 'en-XA' }, tenant)).toBe('en');
    expect(chooseLocale({ query: 'en-XA', allowPseudo: true }, tenant)).toBe('en-XA');
  });
});
