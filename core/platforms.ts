/**
 * The seven platform words. Each platform's package (platforms/<word>/manifest.ts) says everything
 * else about it, including how its tools name an account.
 */
export const PLATFORM_WORDS = ['searchads', 'socialads', 'proads', 'shortvideo', 'retailads', 'chatads', 'deskads'] as const;
export type PlatformWord = (typeof PLATFORM_WORDS)[number];

export interface PlatformAccountParameter {
  /** The argument that names the account. */
  parameter: string;
  /** Other argument names accepted for the same value. */
  aliases: string[];
  /** Shown in descriptions and prompts. */
  description: string;
}

export function isPlatformWord(value: string): value is PlatformWord {
  return (PLATFORM_WORDS as readonly string[]).includes(value);
}
