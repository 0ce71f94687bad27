/**
 * The retailads platform interface (retail-marketplace advertising): everything its tools may ask of the platform.
 * The sandbox adapter (sandbox.ts) implements it over DynamoDB; a live adapter would call the
 * real platform's API behind the same methods.
 */
export interface RetailAdsPort {}
