import katex, { type KatexOptions } from 'katex';

/**
 * How the site draws a formula with KaTeX. Content is untrusted: no `\href` or `\html…` commands (`trust: false`),
 * macro expansion capped, MathML only (no stylesheet or fonts to load; every current browser draws it).
 */
export const KATEX_OPTIONS: Readonly<KatexOptions> = { output: 'mathml', trust: false, strict: 'ignore', throwOnError: false, maxExpand: 1000, maxSize: 50 };

/**
 * What one page may spend on formulas. `maxExpand` counts macro expansions, not what they expand to: three `\def`s of
 * ten copies each turn 1 KB of TeX into 90,000 symbols and 9 MB of MathML, and a page of three such formulas ran a build
 * out of memory. So KaTeX's reading of the formula is capped too (`tokens`: every token it takes from the macro
 * expander, a few per symbol drawn), and so is the MathML each formula and the whole page come to. A long matrix or a
 * lecture note's derivation stays far below all three.
 */
export const FORMULA_BUDGET = { tokens: 50_000, formulaChars: 200_000, pageChars: 2_000_000 } as const;

export interface Formula {
  readonly tex: string;
  readonly display: boolean;
}

/** A formula's MathML, or why it is shown as its TeX source (as code) instead. */
export type FormulaOutcome = { readonly mathml: string } | { readonly overBudget: string };

/**
 * Draws a page's formulas in order within `budget`; one over it becomes `overBudget` with the reason, and does not
 * count towards the page. The one rule for the site's renderer (`src/markdown/rehype-math.ts`), `npm run check`, the
 * build's warnings and `remember_knowledge` (all through `parseMarkdown`).
 */
export function drawFormulas(formulas: Iterable<Formula>, budget: typeof FORMULA_BUDGET = FORMULA_BUDGET): FormulaOutcome[] {
  const out: FormulaOutcome[] = [];
  let page = 0;
  for (const { tex, display } of formulas) {
    let mathml: string;
    try {
      mathml = katex.renderToString(tex, { ...KATEX_OPTIONS, displayMode: display, macros: countingMacros(budget.tokens) });
    } catch (error) {
      out.push({ overBudget: error instanceof OverBudget ? error.message : `KaTeX가 그리지 못했습니다 (${String(error)})` });
      continue;
    }
    if (mathml.length > budget.formulaChars) {
      out.push({ overBudget: `수식 하나의 MathML이 ${mathml.length.toLocaleString('en-US')}자입니다 (최대 ${budget.formulaChars.toLocaleString('en-US')}자)` });
    } else if (page + mathml.length > budget.pageChars) {
      out.push({ overBudget: `문서의 수식 MathML이 모두 ${budget.pageChars.toLocaleString('en-US')}자를 넘습니다` });
    } else {
      page += mathml.length;
      out.push({ mathml });
    }
  }
  return out;
}

class OverBudget extends Error {}

/**
 * A fresh macro table (as KaTeX makes one per formula without `macros`) that counts KaTeX's look-ups: its macro
 * expander asks the table about every token it takes, so the count stops a formula whose macros multiply its text
 * before KaTeX has built anything of it. The error is not KaTeX's `ParseError`, so `throwOnError: false` lets it through.
 */
function countingMacros(limit: number): NonNullable<KatexOptions['macros']> {
  let lookups = 0;
  return new Proxy<NonNullable<KatexOptions['macros']>>(
    {},
    {
      getOwnPropertyDescriptor(target, name) {
        if (++lookups > limit) throw new OverBudget(`수식을 펼치면 토큰이 ${limit.toLocaleString('en-US')}개를 넘습니다 (매크로가 글자를 불립니다)`);
        return Reflect.getOwnPropertyDescriptor(target, name);
      },
    },
  );
}
