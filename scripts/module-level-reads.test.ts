import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findLanguageReadsAtLoad, localizedExports, sourceFiles } from './module-level-reads';

/** Decision 235: nothing reads the language when a module loads, anywhere in src. */
describe('language reads at module load', () => {
  const catalogues = localizedExports();

  it('finds none in src: texts, numbers, money and dates are read where they are shown', () => {
    const reads = sourceFiles('src').flatMap((file) =>
      findLanguageReadsAtLoad(file, readFileSync(file, 'utf8'), catalogues),
    );
    expect(reads.map((read) => `${read.file}:${read.line} ${read.what}`)).toEqual([]);
  }, 120_000);

  const check = (source: string, file = 'src/web/features/demo/page.tsx') =>
    findLanguageReadsAtLoad(file, source, catalogues).map((read) => read.what);
  const imports = [
    "import { commonMessages as m } from '../../../shared/messages/common';",
    "import { formatMoney } from '../../../shared/format';",
    "import { fillMessage } from '../../../shared/messages/fill';",
  ].join('\n');

  it('catches the fault we had: a label map, a menu, a formatted value, read once at load', () => {
    expect(check(`${imports}\nconst LABELS = { loading: m.loading };`)).toEqual(['m.loading']);
    expect(check(`${imports}\nexport const MENU = [{ label: m.loading }] as const;`)).toEqual(['m.loading']);
    expect(check(`${imports}\nconst PRICE = formatMoney(100);`)).toEqual(['formatMoney(…)']);
    expect(check(`${imports}\nconst all = { ...m };`)).toEqual(['...m']);
    expect(check(`${imports}\nconst { loading } = m;`)).toEqual(['{ loading } = m']);
    expect(check(`${imports}\nconst keys = ['loading'] as const;\nconst L = keys.map((k) => m[k]);`)).toEqual(
      ['m[k]'],
    );
    expect(check(`${imports}\nfunction labels() { return [m.loading]; }\nconst L = labels();`)).toEqual([
      'labels() reads m.loading',
    ]);
    expect(check(`${imports}\nconst L = (() => fillMessage(m.loading, {}))();`)).toEqual([
      'fillMessage(…)',
      'm.loading',
    ]);
  });

  it('leaves reads that run at each render or call', () => {
    expect(check(`${imports}\nconst labels = () => ({ loading: m.loading });`)).toEqual([]);
    expect(check(`${imports}\nexport function Page() { return formatMoney(100) + m.loading; }`)).toEqual([]);
    expect(check(`${imports}\nconst nav = { get label() { return m.loading; } };`)).toEqual([]);
    expect(check(`${imports}\nconst schema = z.string().min(1, { error: () => m.loading });`)).toEqual([]);
    expect(check(`${imports}\nconst KEYS = ['loading'] as const;`)).toEqual([]);
  });

  it("lets the contracts' zod messages be read at load: the error handler translates them (207)", () => {
    const contractImports = [
      "import { commonMessages as m } from '../messages/common';",
      "import { fillMessage } from '../messages/fill';",
    ].join('\n');
    const file = 'src/shared/contract/demo.ts';
    expect(check(`${contractImports}\nconst schema = z.string().min(1, m.loading);`, file)).toEqual([]);
    const filled = `${contractImports}\nconst schema = z.string().min(1, fillMessage(m.loading, {}));`;
    expect(check(filled, file)).toEqual(['fillMessage(…)']);
  });
});
