import type { DeskAdsProduct } from './port';
import type { DeskAdsNewProductPartition } from './port-rest';

/**
 * Product partitions as the platform reads them: which value of a product a partition dimension
 * looks at (brand, first category level, condition or the merchant's product id). Shared by the
 * shopping campaign create (to check the values it is given) and the sandbox (to place products).
 */
/** The value of a product in a partition dimension. */
export function productValue(
  p: Pick<DeskAdsProduct, 'brand' | 'category' | 'condition' | 'merchant_product_id'>,
  dimension: DeskAdsNewProductPartition['dimension'],
): string {
  switch (dimension) {
    case 'Brand':
      return p.brand;
    case 'CategoryL1':
      return p.category.split('>')[0]!.trim();
    case 'Condition':
      return p.condition;
    case 'Id':
      return p.merchant_product_id;
    case 'All':
      return '';
  }
}
