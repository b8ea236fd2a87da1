/**
 * How big a number the node reads, from the network, from RPC arguments and from storage: ONE bound,
 * each of the numerator and the denominator below 2^MAX_NUMBER_BITS, checked on the text length,
 * digit count, exponent or limb count BEFORE any bigint is built. So reading, reducing (gcd) and
 * printing a hostile number costs microseconds, not the seconds an 8,000-limb rational took.
 *
 * What real values need: a u256 amount (2^256 ≈ 1.2·10^77, 78 digits) with 80 decimal places is
 * an integer below 10^158 (525 bits, 17 limbs) over 10^80; a price that is the ratio of two such
 * amounts reduces to two integers below 10^158 each. The bound gives that about 4x headroom.
 */

/** Bits in a numerator or a denominator. */
export const MAX_NUMBER_BITS = 2048;

/** u32 limbs in one part of a rational (`[sign, [limbs]]`), top zero limbs included. */
export const MAX_RATIONAL_LIMBS = MAX_NUMBER_BITS / 32;

/**
 * Significant decimal digits in one part, checked before the text becomes a bigint; the bigint is
 * then held to MAX_NUMBER_BITS (2^2048 ≈ 3.2·10^616 has 617 digits), so every form accepts the same
 * integers and whatever the node writes in one form it reads back in any other.
 */
export const MAX_DECIMAL_DIGITS = 617;

/**
 * A decimal exponent beyond this alone makes a part too large: 10^617 > 2^2048 (KDF takes any i64
 * exponent and builds 10^|e|).
 */
export const MAX_DECIMAL_EXPONENT = MAX_DECIMAL_DIGITS - 1;

/**
 * Characters in one number's text: room for all the digits again as leading zeros, plus sign,
 * point and exponent. Checked first, so no regex or scan runs over a megabyte of digits.
 */
export const MAX_NUMBER_TEXT_LENGTH = 2 * MAX_DECIMAL_DIGITS + 16;
