/** Replaces {name} placeholders of a French text: fill('… {minutes} min', { minutes: 3 }). */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/** A text in its singular and plural forms, each with an {n} placeholder. */
export type PluralForms = { one: string; many: string };

/**
 * The form French takes for `n` (0 and 1 singular, 2 and more plural), filled with n and
 * `values`: fillPlural(2, { one: '{n} tentative', many: '{n} tentatives' }) → '2 tentatives'.
 */
export function fillPlural(
  n: number,
  forms: PluralForms,
  values: Record<string, string | number> = {},
): string {
  return fill(Math.abs(n) >= 2 ? forms.many : forms.one, { n, ...values });
}
