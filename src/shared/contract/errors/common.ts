/** Error types any domain raises: KDF's catch-all variants, spelled as each KDF error enum spells them. */
export type CommonErrorType = 'Internal' | 'InternalError' | 'Transport' | 'InvalidParam' | 'InvalidRequest' | 'Timeout' | 'NoSuchCoin' | 'DbError';
