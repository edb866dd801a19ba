/**
 * The version of rowforge's generators. Any change to the values a plan and seed produce
 * bumps it, so a change of output is always deliberate and recorded (runs store it; golden
 * files carry it).
 */
export const GENERATOR_VERSION = 2;
// 2: fast-mode Datafaker pools depend on the expression only (shared across plans); rows pick by the seed.
