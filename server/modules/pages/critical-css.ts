/**
 * The part of the built stylesheet a rendered page needs for its first paint (decision 034):
 * everything but the utilities, and of the utilities (`@layer utilities`, 49 of its 65 KB)
 * only the rules whose classes all appear in the page's markup. The whole stylesheet follows
 * after the first paint (index.html's loader), for what React adds and the other screens.
 *
 * `criticalCss(html)` for each page; the stylesheet is split into rules once. Null for a
 * stylesheet that would end the page's `<style>` element (a `</style` in it): it stays linked.
 */
export function criticalCss(stylesheet: string): ((html: string) => string) | null {
  if (/<\/style/i.test(stylesheet)) return null;
  const layer = utilitiesLayer(stylesheet);
  if (!layer) return () => stylesheet;
  const before = stylesheet.slice(0, layer.open);
  const after = stylesheet.slice(layer.close);
  const utilities = items(stylesheet.slice(layer.open, layer.close));
  return (html) => {
    const classes = pageClasses(html);
    return before + keep(utilities, classes) + after;
  };
}

const UTILITIES = '@layer utilities{';

/** Where the utilities' rules start and end (the layer's braces excluded). */
function utilitiesLayer(stylesheet: string): { open: number; close: number } | null {
  const at = stylesheet.indexOf(UTILITIES);
  if (at === -1) return null;
  const open = at + UTILITIES.length;
  return { open, close: blockEnd(stylesheet, open) };
}

/**
 * The utilities alone (`@layer utilities{…}`), which a page applies after its first paint for
 * what React adds. Not the whole stylesheet: its base rules (`*`), fonts and custom
 * properties would make the browser style and lay out the whole page again (8–12 ms on a
 * desktop against 4–9, four times that on a phone). The stylesheet itself if it has none.
 */
export function utilitiesStylesheet(stylesheet: string): string {
  const layer = utilitiesLayer(stylesheet);
  return layer ? stylesheet.slice(layer.open - UTILITIES.length, layer.close + 1) : stylesheet;
}

/** The address of the utilities of the stylesheet at `href`, served beside it. */
export function utilitiesPath(href: string): string {
  return href.replace(/\.css$/, '.utilities.css');
}

/** A rule (`prelude{body}`), a group (`@media …{items}`) or a declaration of a block. */
type Item =
  | { kind: 'rule'; text: string; classes: string[][] }
  | { kind: 'group'; prelude: string; items: Item[] }
  | { kind: 'other'; text: string };

function keep(list: Item[], classes: Set<string>): string {
  let css = '';
  for (const item of list) {
    if (item.kind === 'other') css += item.text;
    else if (item.kind === 'group') {
      const inner = keep(item.items, classes);
      if (inner) css += `${item.prelude}{${inner}}`;
    } else if (item.classes.some((needed) => needed.every((name) => classes.has(name)))) {
      css += item.text;
    }
  }
  return css;
}

/** The items of a block's text (between its braces). */
function items(block: string): Item[] {
  const list: Item[] = [];
  let start = 0;
  let i = 0;
  while (i < block.length) {
    const c = block[i];
    if (c === '\\') i += 2;
    else if (c === '"' || c === "'") i = stringEnd(block, i);
    else if (c === ';') {
      list.push({ kind: 'other', text: block.slice(start, i + 1) });
      start = i + 1;
      i += 1;
    } else if (c === '{') {
      const end = blockEnd(block, i + 1);
      const prelude = block.slice(start, i).trim();
      if (/^@(media|supports|container|layer)\b/.test(prelude)) {
        list.push({ kind: 'group', prelude, items: items(block.slice(i + 1, end)) });
      } else if (prelude.startsWith('@')) {
        list.push({ kind: 'other', text: block.slice(start, end + 1) });
      } else {
        list.push({
          kind: 'rule',
          text: block.slice(start, end + 1),
          classes: selectorClasses(prelude),
        });
      }
      start = end + 1;
      i = end + 1;
    } else i += 1;
  }
  if (block.slice(start).trim()) list.push({ kind: 'other', text: block.slice(start) });
  return list;
}

/** Where the block opened just before `from` closes: the index of its `}`. */
function blockEnd(text: string, from: number): number {
  let depth = 1;
  for (let i = from; i < text.length; i += 1) {
    const c = text[i];
    if (c === '\\') i += 1;
    else if (c === '"' || c === "'") i = stringEnd(text, i) - 1;
    else if (c === '{') depth += 1;
    else if (c === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return text.length;
}

/** The index just after the string that opens at `from`. */
function stringEnd(text: string, from: number): number {
  const quote = text[from];
  for (let i = from + 1; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === quote) return i + 1;
  }
  return text.length;
}

/**
 * For each selector of a list, the classes an element needs for it to match. Classes inside
 * functional pseudo-classes (`:where(.dark, .dark *)`, `:is(:where(.group):hover *)`) are
 * context, not the element's own: the rule is kept when the page uses its own classes.
 */
export function selectorClasses(selectorList: string): string[][] {
  return splitTopLevel(selectorList).map((selector) => {
    let own = '';
    let depth = 0;
    for (let i = 0; i < selector.length; i += 1) {
      const c = selector[i];
      if (c === '\\') {
        if (depth === 0) own += selector.slice(i, i + 2);
        i += 1;
      } else if (c === '(') depth += 1;
      else if (c === ')') depth -= 1;
      else if (depth === 0) own += c;
    }
    return [...own.matchAll(/\.((?:\\[0-9a-fA-F]{1,6} ?|\\.|[\w-])+)/g)].map((match) =>
      unescapeCss(match[1] ?? ''),
    );
  });
}

function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i += 1) {
    const c = list[i];
    if (c === '\\') i += 1;
    else if (c === '(' || c === '[') depth += 1;
    else if (c === ')' || c === ']') depth -= 1;
    else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

function unescapeCss(name: string): string {
  return name.replace(
    /\\([0-9a-fA-F]{1,6}) ?|\\(.)/g,
    (_, hex: string | undefined, char: string) =>
      hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : char,
  );
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  '#x27': "'",
};

/** Every class named in the markup's class attributes. */
export function pageClasses(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = (match[1] ?? '').replace(
      /&(amp|lt|gt|quot|#39|#x27);/g,
      (_, name: string) => ENTITIES[name] ?? '',
    );
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}
