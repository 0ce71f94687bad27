import type { SocialAdsProduct, SocialAdsProductFilterRule } from './port';

/**
 * The meaning of a product set's filter rules (the platform's product set filter: every rule holds,
 * text compared without case, lt/gt on numbers). The sandbox selects products with it; tools use it
 * to show what a new product set would select before it is created. An empty filter passes all.
 */
export function matchesFilter(product: SocialAdsProduct, filter: readonly SocialAdsProductFilterRule[]): boolean {
  return filter.every((rule) => {
    const actual = product[rule.field];
    if (actual === undefined) return rule.operator === 'neq';
    switch (rule.operator) {
      case 'eq':
        return String(actual).toLowerCase() === String(rule.value).toLowerCase();
      case 'neq':
        return String(actual).toLowerCase() !== String(rule.value).toLowerCase();
      case 'contains':
        return String(actual).toLowerCase().includes(String(rule.value).toLowerCase());
      case 'lt':
        return Number(actual) < Number(rule.value);
      case 'gt':
        return Number(actual) > Number(rule.value);
    }
  });
}
