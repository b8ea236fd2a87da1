/** Uuids as KDF prints them: `Uuid`'s hyphenated form, which its parser also takes in upper case. */

/** A hyphenated uuid of any version, either case. */
export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A hyphenated uuid in lower case only, as KDF writes one (stored swaps, ordermatch messages). */
export const LOWER_UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
