/**
 * The version of rowforge's generators. Any change to the values a plan and seed produce
 * bumps it, so a change of output is always deliberate and recorded (runs store it; golden
 * files carry it).
 */
export const GENERATOR_VERSION = 5;
// 2: fast-mode Datafaker pools depend on the expression only (shared across plans); rows pick by the seed.
// 3: isUnique on double, float and decimal ranges draws from the values the type holds in the range
//    (10^-scale steps, a fine grid for doubles), no longer from the whole numbers; composite primary keys.
// 4: isUnique (and implicit uniqueness: primary keys, foreign-key sources) on a Datafaker expression
//    takes the expression's distinct values in stream order; fast-mode pools made them repeat.
// 5: Datafaker methods of the table that declare a compiled path draw from the locale data with the
//    row's counter RNG (no Faker per row); pooled values are made the same way. Per-row is the default.
