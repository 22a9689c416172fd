import { describe, expect, it } from 'vitest';
import { criticalCss, pageClasses, selectorClasses } from './critical-css';

const stylesheet = [
  '@layer theme{:root{--color-ink:#1c1813}}',
  '@layer base{body{margin:0}}',
  '@layer utilities{',
  '.flex{display:flex}',
  '.grid{display:grid}',
  '.hover\\:bg-paper-deep:hover{background-color:var(--color-paper-deep)}',
  '.bg-ink\\/40{background-color:#1c181366;@supports (color:color-mix(in lab,red,red)){background-color:color-mix(in oklab,var(--color-ink) 40%,transparent)}}',
  '.group-hover\\:text-accent:is(:where(.group):hover *){color:var(--color-accent)}',
  '.\\[\\&\\>\\*\\:nth-child\\(n\\+3\\)\\]\\:\\[content-visibility\\:auto\\]>:nth-child(n+3){content-visibility:auto}',
  '.before\\:content-\\[\\"\\{\\"\\]:before{content:"{"}',
  '@media (min-width:40rem){.sm\\:grid-cols-2{grid-template-columns:repeat(2,minmax(0,1fr))}.sm\\:p-8{padding:2rem}}',
  '@media (min-width:64rem){.lg\\:grid-cols-3{grid-template-columns:repeat(3,minmax(0,1fr))}}',
  '}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
].join('');

describe('critical CSS', () => {
  it("keeps everything but the utilities, and of the utilities those of the page's classes", () => {
    const critical = criticalCss(stylesheet);
    const css = critical?.(
      '<main class="flex sm:grid-cols-2 hover:bg-paper-deep group-hover:text-accent"><p class="bg-ink/40">x</p></main>',
    );
    expect(css).toBe(
      [
        '@layer theme{:root{--color-ink:#1c1813}}',
        '@layer base{body{margin:0}}',
        '@layer utilities{',
        '.flex{display:flex}',
        '.hover\\:bg-paper-deep:hover{background-color:var(--color-paper-deep)}',
        '.bg-ink\\/40{background-color:#1c181366;@supports (color:color-mix(in lab,red,red)){background-color:color-mix(in oklab,var(--color-ink) 40%,transparent)}}',
        '.group-hover\\:text-accent:is(:where(.group):hover *){color:var(--color-accent)}',
        '@media (min-width:40rem){.sm\\:grid-cols-2{grid-template-columns:repeat(2,minmax(0,1fr))}}',
        '}',
        '@keyframes spin{to{transform:rotate(1turn)}}',
      ].join(''),
    );
  });

  it('reads escaped class names, a brace in a string, and classes written with entities', () => {
    const css = criticalCss(stylesheet)?.(
      '<div class="[&amp;&gt;*:nth-child(n+3)]:[content-visibility:auto] before:content-[&quot;{&quot;]"></div>',
    );
    expect(css).toContain('>:nth-child(n+3){content-visibility:auto}');
    expect(css).toContain(':before{content:"{"}');
    expect(css).not.toContain('.flex{');
    expect(css).not.toContain('@media');
  });

  it('has nothing to say of a stylesheet that would close the <style> element', () => {
    expect(criticalCss('body{content:"</style><script>alert(1)</script>"}')).toBeNull();
  });

  it('keeps a stylesheet without utilities as it is', () => {
    expect(criticalCss('body{margin:0}')?.('<p class="x"></p>')).toBe('body{margin:0}');
  });

  it("takes an element's own classes, not those of the context it is in", () => {
    expect(selectorClasses('.a.b:hover,.c:where(.dark, .dark *)')).toEqual([['a', 'b'], ['c']]);
    expect(selectorClasses('.sm\\:w-1\\/2')).toEqual([['sm:w-1/2']]);
    expect(selectorClasses('.\\31 0')).toEqual([['10']]);
    expect([
      ...pageClasses('<a class="x  y"></a><b class="z"></b><i data-class="no"></i>'),
    ]).toEqual(['x', 'y', 'z']);
  });
});
